import { createContext, type ReactNode, useContext } from 'react'
import type { FieldA11y } from '@/components/ui/field'
import { useUnavailableReason } from '@/components/ui/unavailable-reason'

// Why the person cannot change this rule (a viewer), for every control of the editor: inputs are
// disabled and described by it, buttons take it as their unavailable reason; an UnavailableGroup
// around the editor shows it once.

const EditLockContext = createContext<string | undefined>(undefined)

export function EditLock({
  reason,
  children,
}: {
  reason: string | undefined
  children: ReactNode
}) {
  return <EditLockContext.Provider value={reason}>{children}</EditLockContext.Provider>
}

export const useLockReason = () => useContext(EditLockContext)

/** A field's ids with the lock's: disabled, and described by its reason as well as its hint. */
export function useLockedA11y<T extends Partial<FieldA11y>>(a11y: T): T & { disabled?: boolean } {
  const reason = useLockReason()
  const { describedBy } = useUnavailableReason(reason)
  if (!reason) return a11y
  const described = [a11y['aria-describedby'], describedBy].filter(Boolean).join(' ')
  return { ...a11y, disabled: true, 'aria-describedby': described || undefined }
}
