import type { ReactNode } from 'react'
import { useUnavailableReason } from '@/components/ui/unavailable-reason'

/**
 * Fields the signed-in role may not change: still shown, disabled, and described by the reason,
 * which is shown once for the section (its UnavailableGroup) rather than beside each field.
 */
export function RoleLock({
  reason,
  className = '',
  children,
}: {
  reason: string | undefined
  className?: string
  children: ReactNode
}) {
  const { describedBy, note } = useUnavailableReason(reason)
  return (
    <>
      {note}
      <fieldset
        disabled={Boolean(reason)}
        aria-describedby={describedBy}
        className={`min-w-0 ${className}`}
      >
        {children}
      </fieldset>
    </>
  )
}
