import { type KeyboardEvent, type RefObject, useCallback, useState } from 'react'

export interface ItemProps {
  selected: boolean
  container: {
    tabIndex: number
    'data-index': number
    'aria-label': string
    onKeyDown: (event: KeyboardEvent) => void
    onFocus: () => void
  }
  checkbox: { checked: boolean; onChange: () => void }
}

// One roving tab stop over the results: arrows or j/k move, x selects, Enter opens (the keys are
// listed in the shortcuts help by library-shortcuts.ts).
export function useLibraryItems(options: {
  ids: string[]
  labels: string[]
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  open: (id: string) => void
  listRef: RefObject<HTMLElement | null>
}) {
  const { ids, labels, selected, toggle, open, listRef } = options
  const [active, setActive] = useState(0)

  const move = useCallback(
    (to: number) => {
      const index = Math.max(0, Math.min(ids.length - 1, to))
      setActive(index)
      listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus()
    },
    [ids.length, listRef],
  )

  return (index: number): ItemProps => {
    const id = ids[index] as string
    return {
      selected: selected.has(id),
      container: {
        tabIndex: index === Math.min(active, ids.length - 1) ? 0 : -1,
        'data-index': index,
        'aria-label': `${labels[index] ?? 'Video'}${selected.has(id) ? ', selected' : ''}`,
        onFocus: () => setActive(index),
        onKeyDown: (event) => {
          if (event.target !== event.currentTarget) return
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
      },
      checkbox: { checked: selected.has(id), onChange: () => toggle(id) },
    }
  }
}
