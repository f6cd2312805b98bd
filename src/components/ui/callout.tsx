import type { ReactNode } from 'react'
import type { Tone } from './tone'

type CalloutTone = Exclude<Tone, 'neutral'>

const tones: Record<CalloutTone, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-950',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  danger: 'border-red-300 bg-red-50 text-red-900',
}

/**
 * A message about the screen's state: what happened and what to do. `role` makes it announced
 * (`status` politely, `alert` at once); without one it is read where it stands.
 */
export function Callout({
  tone = 'info',
  title,
  role,
  actions,
  className = '',
  children,
}: {
  tone?: CalloutTone
  title?: ReactNode
  role?: 'status' | 'alert'
  actions?: ReactNode
  className?: string
  children?: ReactNode
}) {
  return (
    <div role={role} className={`rounded-md border p-3 text-sm ${tones[tone]} ${className}`}>
      {title ? <h2 className="text-base font-semibold">{title}</h2> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}
