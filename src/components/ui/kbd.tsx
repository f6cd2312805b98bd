import type { ReactNode } from 'react'

const spoken: Record<string, string> = {
  '↑': 'Up arrow',
  '↓': 'Down arrow',
  '←': 'Left arrow',
  '→': 'Right arrow',
  '/': 'Slash',
  '?': 'Question mark',
}

/** A key as printed on the keyboard; arrows and symbols also get their spoken name. */
export function Kbd({ children }: { children: ReactNode }) {
  const label = typeof children === 'string' ? spoken[children] : undefined
  return (
    <kbd
      aria-label={label}
      className="inline-flex min-w-6 items-center justify-center rounded border border-slate-300 border-b-2 bg-white px-1.5 font-mono text-xs text-slate-800"
    >
      {children}
    </kbd>
  )
}
