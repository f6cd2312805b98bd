import { type ReactNode, useId } from 'react'

/**
 * Controls the signed-in role may not use: still shown, disabled, with the reason said once
 * above them rather than beside each field.
 */
export function RoleLock({
  reason,
  said = false,
  className = '',
  children,
}: {
  reason: string | undefined
  /** The reason is already said in this section (by another lock): not again. */
  said?: boolean
  className?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <>
      {reason && !said ? (
        <p id={id} className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {reason}
        </p>
      ) : null}
      <fieldset
        disabled={Boolean(reason)}
        aria-describedby={reason && !said ? id : undefined}
        // Drag handles listen to the pointer themselves; a disabled fieldset does not stop that.
        className={`min-w-0 disabled:pointer-events-none ${className}`}
      >
        {children}
      </fieldset>
    </>
  )
}
