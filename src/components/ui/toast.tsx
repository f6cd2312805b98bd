import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { focusRing } from './control-styles'
import { useShortcuts } from './shortcuts'
import type { Tone } from './tone'

/** A result (`success`, `info`) fades after a while; a failure (`danger`) stays and is said at once. */
export type ToastTone = Extract<Tone, 'success' | 'info' | 'danger'>

export interface ToastOptions {
  tone?: ToastTone
  /**
   * One action offered with the message, such as "Undo". Pressing it dismisses the toast. `name`
   * is what a screen reader hears, beginning with the label ("Undo move of “Intro” to 3").
   */
  action?: { label: string; name?: string; onAction: () => void }
  /**
   * Toasts of one kind replace each other in place rather than stack (every move of a playlist
   * is one "playlist change"); without a kind, a repeat of the same message replaces it.
   */
  kind?: string
}

interface Toast extends ToastOptions {
  id: number
  // Counts the updates of a toast shown in place: each one restarts its time and is announced.
  version: number
  message: string
}

type Show = (message: string, options?: ToastOptions) => void

const ToastContext = createContext<Show | null>(null)

// Long enough to read and reach with F8; one with an action waits longer; errors stay.
const dismissAfterMs = 6000
const dismissWithActionAfterMs = 10_000
const maxToasts = 5

/**
 * Polite announcements for results, assertive ones for failures. The live regions exist before
 * any toast, so the first one is spoken too. Timers pause while the pointer or focus is on them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(0)
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  )
  const show = useCallback<Show>((message, options = {}) => {
    nextId.current += 1
    const kind = options.kind ?? message
    setToasts((all) => {
      const same = all.find((toast) => (toast.kind ?? toast.message) === kind)
      if (!same) {
        const toast = { id: nextId.current, version: 0, message, ...options }
        return [...all.slice(1 - maxToasts), toast]
      }
      const updated = { id: same.id, version: same.version + 1, message, ...options }
      return all.map((toast) => (toast === same ? updated : toast))
    })
  }, [])
  const region = useRef<HTMLElement>(null)
  const [paused, setPaused] = useState(false)

  useShortcuts('Everywhere', [
    {
      keys: ['F8'],
      description: 'Go to the notifications',
      onKey: () => {
        const buttons = region.current?.querySelectorAll<HTMLElement>('button')
        buttons?.[buttons.length - 1]?.focus()
      },
    },
  ])

  const value = useMemo(() => show, [show])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        ref={region}
        aria-label="Notifications"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2"
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false)
        }}
      >
        {(['polite', 'assertive'] as const).map((politeness) => (
          <div key={politeness} aria-live={politeness} className="flex flex-col gap-2">
            {toasts
              .filter((toast) => (toast.tone === 'danger') === (politeness === 'assertive'))
              .map((toast) => (
                <ToastCard key={toast.id} toast={toast} paused={paused} onDismiss={dismiss} />
              ))}
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  )
}

function ToastCard({
  toast,
  paused,
  onDismiss,
}: {
  toast: Toast
  paused: boolean
  onDismiss: (id: number) => void
}) {
  const { id, version, tone = 'success', message, action } = toast
  const lifetime = action ? dismissWithActionAfterMs : dismissAfterMs
  const remaining = useRef({ version, ms: lifetime })
  if (remaining.current.version !== version) remaining.current = { version, ms: lifetime }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` restarts the time
  useEffect(() => {
    if (tone === 'danger' || paused) return
    const started = Date.now()
    const clock = remaining.current
    const timer = setTimeout(() => onDismiss(id), clock.ms)
    return () => {
      clearTimeout(timer)
      clock.ms -= Date.now() - started
    }
  }, [id, version, tone, paused, onDismiss])

  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${
        tone === 'danger'
          ? 'border-red-300 bg-red-50 text-red-900'
          : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      {/* A new node for each update, so the live region speaks a repeated message again. */}
      <p key={version} className="flex-1">
        {message}
      </p>
      {action ? (
        <button
          type="button"
          className={`rounded px-1.5 font-semibold text-indigo-800 underline hover:text-indigo-950 ${focusRing}`}
          aria-label={action.name}
          onClick={() => {
            onDismiss(id)
            action.onAction()
          }}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={`rounded px-1 text-slate-700 hover:text-slate-950 ${focusRing}`}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(id)}
      >
        ×
      </button>
    </div>
  )
}

export function useToast(): Show {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast needs a ToastProvider')
  return show
}
