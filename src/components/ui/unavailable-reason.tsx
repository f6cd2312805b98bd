import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'

// Why a control cannot be used (a role without the right), shown in words beside it rather than
// only on hover or to screen readers, so a sighted keyboard user learns it too.

export const reasonClasses = 'text-xs text-slate-700'

interface ReasonGroup {
  /** The id of the group's line for `reason`, shown while some control of the group uses it. */
  use: (reason: string) => string
  register: (reason: string) => () => void
}

const ReasonGroupContext = createContext<ReasonGroup | null>(null)

/**
 * Controls that share their reasons (a toolbar, the rows of a list): each distinct reason is
 * shown once, after the group's content (or before it, `reasonsFirst`), and every control using
 * it points at it with aria-describedby. A group inside another leaves the showing to the outer.
 */
export function UnavailableGroup({
  children,
  className = '',
  reasonsFirst = false,
}: {
  children: ReactNode
  className?: string
  reasonsFirst?: boolean
}) {
  const outer = useContext(ReasonGroupContext)
  const groupId = useId()
  const [shown, setShown] = useState<readonly string[]>([])
  const counts = useRef(new Map<string, number>())
  const serials = useRef(new Map<string, number>())

  const use = useCallback(
    (reason: string) => {
      if (!serials.current.has(reason)) serials.current.set(reason, serials.current.size)
      return `${groupId}-${serials.current.get(reason)}`
    },
    [groupId],
  )
  const register = useCallback((reason: string) => {
    const count = counts.current.get(reason) ?? 0
    counts.current.set(reason, count + 1)
    if (count === 0) setShown((all) => [...all, reason])
    return () => {
      const left = (counts.current.get(reason) ?? 1) - 1
      counts.current.set(reason, left)
      if (left === 0) setShown((all) => all.filter((each) => each !== reason))
    }
  }, [])
  const group = useMemo(() => ({ use, register }), [use, register])
  if (outer) return children

  const reasons =
    shown.length > 0 ? (
      <ul className={`${reasonClasses} ${className}`}>
        {shown.map((reason) => (
          <li key={reason} id={use(reason)}>
            {reason}
          </li>
        ))}
      </ul>
    ) : null
  return (
    <ReasonGroupContext.Provider value={group}>
      {reasonsFirst ? reasons : null}
      {children}
      {reasonsFirst ? null : reasons}
    </ReasonGroupContext.Provider>
  )
}

/**
 * For one control: the id its aria-describedby names, and the words to show beside it (nothing
 * inside an UnavailableGroup, which shows them once for all its controls).
 */
export function useUnavailableReason(reason: string | undefined): {
  describedBy: string | undefined
  note: ReactNode
} {
  const group = useContext(ReasonGroupContext)
  const ownId = useId()
  const register = group?.register
  useEffect(() => (reason && register ? register(reason) : undefined), [reason, register])
  if (!reason) return { describedBy: undefined, note: null }
  if (group) return { describedBy: group.use(reason), note: null }
  return {
    describedBy: ownId,
    note: (
      <span id={ownId} className={reasonClasses}>
        {reason}
      </span>
    ),
  }
}
