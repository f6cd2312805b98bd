import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'

type Tone = 'success' | 'error' | 'info'
interface Toast {
  id: number
  tone: Tone
  message: string
}

const ToastContext = createContext<((message: string, tone?: Tone) => void) | null>(null)

// Polite announcements for results, assertive ones for failures; each toast can be dismissed and
// errors stay until they are.
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  )
  const show = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = Date.now() + Math.random()
      setToasts((all) => [...all.slice(-4), { id, tone, message }])
      if (tone !== 'error') setTimeout(() => dismiss(id), 6000)
    },
    [dismiss],
  )
  const value = useMemo(() => show, [show])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2">
        {(['polite', 'assertive'] as const).map((politeness) => (
          <div key={politeness} aria-live={politeness} className="flex flex-col gap-2">
            {toasts
              .filter((toast) => (toast.tone === 'error') === (politeness === 'assertive'))
              .map((toast) => (
                <div
                  key={toast.id}
                  className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${
                    toast.tone === 'error'
                      ? 'border-red-300 bg-red-50 text-red-900'
                      : 'border-slate-200 bg-white text-slate-900'
                  }`}
                >
                  <p className="flex-1">{toast.message}</p>
                  <button
                    type="button"
                    className="rounded px-1 text-slate-600 hover:text-slate-900"
                    aria-label="Dismiss notification"
                    onClick={() => dismiss(toast.id)}
                  >
                    ×
                  </button>
                </div>
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast() {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast needs a ToastProvider')
  return show
}
