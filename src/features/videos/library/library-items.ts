import { type KeyboardEvent, type RefObject, useCallback, useEffect, useState } from 'react'

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

// One roving tab stop over the results: arrows or j/k move, x selects, Enter opens; / anywhere
// outside a text field jumps to the search box.
export function useLibraryItems(options: {
  ids: string[]
  labels: string[]
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  open: (id: string) => void
  listRef: RefObject<HTMLElement | null>
  searchRef: RefObject<HTMLInputElement | null>
}) {
  const { ids, labels, selected, toggle, open, listRef, searchRef } = options
  const [active, setActive] = useState(0)

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement
      const typing = target.closest('input, textarea, select, [contenteditable="true"]')
      if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey) {
        event.preventDefault()
        searchRef.current?.focus()
        searchRef.current?.select()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [searchRef])

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
