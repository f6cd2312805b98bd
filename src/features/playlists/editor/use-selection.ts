import { useCallback, useRef, useState } from 'react'

/**
 * Which videos are chosen to act on together: a click or `x` toggles one, Shift+click chooses the
 * run from the last one toggled. Ids no longer in the order drop out by themselves.
 */
export function useSelection(order: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const anchor = useRef<string | null>(null)
  const latestOrder = useRef(order)
  latestOrder.current = order

  const toggle = useCallback((id: string, extend = false) => {
    setChosen((current) => {
      const next = new Set(current)
      const list = latestOrder.current
      const from = anchor.current ? list.indexOf(anchor.current) : -1
      if (extend && from >= 0) {
        const to = list.indexOf(id)
        const [start, end] = from < to ? [from, to] : [to, from]
        for (const each of list.slice(start, end + 1)) next.add(each)
      } else if (next.has(id)) next.delete(id)
      else next.add(id)
      anchor.current = id
      return next
    })
  }, [])
  const clear = useCallback(() => {
    anchor.current = null
    setChosen(new Set())
  }, [])

  const present = new Set(order)
  const selection: ReadonlySet<string> = [...chosen].every((id) => present.has(id))
    ? chosen
    : new Set([...chosen].filter((id) => present.has(id)))
  return { selection, toggle, clear }
}
