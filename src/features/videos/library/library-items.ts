import { type KeyboardEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react'

export interface ItemProps {
  container: {
    tabIndex: number
    'data-index': number
    'aria-label': string
    onKeyDown: (event: KeyboardEvent) => void
    onFocus: () => void
  }
  checkbox: { checked: boolean; onChange: () => void }
}

/** What every result shares, the same object from render to render. */
export interface ItemHandlers {
  keyDown(index: number, event: KeyboardEvent): void
  focus(index: number): void
  toggle(id: string): void
}

/** What one result needs to render; a result whose values did not change is not rendered again. */
export interface ItemState {
  index: number
  selected: boolean
  active: boolean
  handlers: ItemHandlers
}

// One roving tab stop over the results: arrows or j/k move, x selects, Enter opens (the keys are
// listed in the shortcuts help by library-shortcuts.ts). The handlers read the latest results
// through a ref, so they stay the same object and a keystroke in the search box, which renders
// the screen again, does not render every result again.
export function useLibraryItems(options: {
  ids: string[]
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  open: (id: string) => void
  listRef: RefObject<HTMLElement | null>
}) {
  const [active, setActive] = useState(0)
  const latest = useRef(options)
  latest.current = options

  const handlers = useMemo<ItemHandlers>(() => {
    const move = (to: number) => {
      const { ids, listRef } = latest.current
      const index = Math.max(0, Math.min(ids.length - 1, to))
      setActive(index)
      listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus()
    }
    return {
      focus: setActive,
      toggle: (id) => latest.current.toggle(id),
      keyDown: (index, event) => {
        if (event.target !== event.currentTarget) return
        const { ids, toggle, open } = latest.current
        const id = ids[index] as string
        if (event.key === 'ArrowDown' || event.key === 'ArrowRight' || event.key === 'j')
          move(index + 1)
        else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft' || event.key === 'k')
          move(index - 1)
        else if (event.key === 'Home') move(0)
        else if (event.key === 'End') move(ids.length - 1)
        else if (event.key === 'x') toggle(id)
        else if (event.key === 'Enter') open(id)
        else return
        event.preventDefault()
      },
    }
  }, [])

  const { ids, selected } = options
  const activeIndex = Math.min(active, ids.length - 1)
  // The same function while nothing it reads changes, so the list need not render again either.
  return useCallback(
    (index: number): ItemState => ({
      index,
      selected: selected.has(ids[index] as string),
      active: index === activeIndex,
      handlers,
    }),
    [ids, selected, activeIndex, handlers],
  )
}

/** The attributes and handlers of one result, its container and its checkbox. */
export function itemProps(state: ItemState, id: string, label: string): ItemProps {
  const { index, selected, active, handlers } = state
  return {
    container: {
      tabIndex: active ? 0 : -1,
      'data-index': index,
      'aria-label': `${label}${selected ? ', selected' : ''}`,
      onFocus: () => handlers.focus(index),
      onKeyDown: (event) => handlers.keyDown(index, event),
    },
    checkbox: { checked: selected, onChange: () => handlers.toggle(id) },
  }
}
