import type { ReactNode } from 'react'
import type { Tone } from './tone'

// Text carries the meaning; the colour only repeats it (every pair passes WCAG AA).
const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-950 ring-amber-300',
  danger: 'bg-red-50 text-red-900 ring-red-200',
}

export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: Tone
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  )
}
