import {
  type FocusEvent,
  startTransition,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

export type RowPart = 'handle' | 'menu'

// Keeps keyboard users in place: after a move, focus goes to the moved row's handle or menu button
// once that row is rendered where it landed (which, in a virtualized list, may be far away).
// Also tracks which row holds focus, so a virtualized list can keep that row rendered.
export function useFocusAfterMove() {
  const elements = useRef(new Map<string, HTMLElement>())
  const [focusTarget, setFocusTarget] = useState<{ id: string; part: RowPart } | null>(null)
  const [focusedId, setFocusedId] = useState<string | null>(null)

  useLayoutEffect(() => {
    if (!focusTarget) return
    const element = elements.current.get(`${focusTarget.part}:${focusTarget.id}`)
    if (element?.isConnected) {
      element.focus()
      // Done with, but not urgent: a synchronous update here rendered the whole list again inside
      // the task of the drop (or key) that moved the row.
      startTransition(() => setFocusTarget(null))
    }
  })

  const register = useCallback((id: string, part: RowPart, element: HTMLElement | null) => {
    if (element) elements.current.set(`${part}:${id}`, element)
    else elements.current.delete(`${part}:${id}`)
  }, [])

  const listFocusHandlers = {
    onFocus: (event: FocusEvent) => setFocusedId(rowIdOf(event.target)),
    onBlur: (event: FocusEvent) => {
      const next = event.relatedTarget
      if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocusedId(null)
    },
  }

  return { focusTarget, focusAfterMove: setFocusTarget, focusedId, register, listFocusHandlers }
}

function rowIdOf(target: EventTarget) {
  return target instanceof Element
    ? (target.closest('li[data-id]')?.getAttribute('data-id') ?? null)
    : null
}
