import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react'
import { viewportClass } from './class-names'
import { rowGap } from './row-slots'

export interface VirtualOptions {
  // Every row has this height in pixels, gap included: fixed rows keep the arithmetic exact.
  rowHeight: number
  // The height of the scrolling viewport in pixels.
  height: number
  overscan?: number
}

export interface VirtualPlacement {
  index: number
  top: number
  height: number
  setSize: number
}

// Renders only the rows in view, plus the rows in `keep` (the row being dragged, the row that has
// focus, the row focus is about to move to) wherever they are, so none of them is unmounted under
// the user. `scrollTo` brings a row into view when it changes.
export function VirtualRows({
  ids,
  options,
  keep,
  scrollTo,
  renderRow,
  renderList,
}: {
  ids: readonly string[]
  options: VirtualOptions
  keep: readonly number[]
  scrollTo: number
  renderRow: (id: string, placement: VirtualPlacement) => ReactNode
  renderList: (rows: ReactNode, style: { height: number; position: 'relative' }) => ReactNode
}) {
  const viewport = useRef<HTMLDivElement>(null)
  const keepKey = keep.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: keepKey stands for keep's contents
  const rangeExtractor = useCallback(
    (range: Range) => {
      const inView = defaultRangeExtractor(range)
      const first = inView[0] ?? 0
      const last = inView[inView.length - 1] ?? -1
      // A kept row out of view comes after the rows in view, not before them: a row dragged down
      // from the top is then already where its drop puts it in the list's order, and React moves
      // the rows around it rather than the dragged row, which holds the focus (moving it blurred it,
      // and giving the focus back laid the page out inside the drop).
      const kept = [...new Set(keep)].filter(
        (index) => index >= 0 && index < range.count && (index < first || index > last),
      )
      return [...inView, ...kept.sort((a, b) => a - b)]
    },
    [keepKey],
  )
  // Kept from render to render: a new key function makes the virtualizer lay out every row of the
  // list again, on each frame of a scroll.
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids])
  const estimateSize = useCallback(() => options.rowHeight, [options.rowHeight])
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => viewport.current,
    estimateSize,
    getItemKey,
    overscan: options.overscan ?? 6,
    rangeExtractor,
    // Rows follow the scroll in React's next render, not synchronously inside each scroll event:
    // while a drag auto-scrolls, the synchronous render came on top of dnd-kit's own render of
    // the same frame, and the two made the frame's long tasks.
    useFlushSync: false,
  })

  useLayoutEffect(() => {
    if (scrollTo < 0) return
    // A row already in view stays as it is: told to scroll to where it is, the box still lays the
    // page out, inside the task of the drop that moved the row.
    const [offset] = virtualizer.getOffsetForIndex(scrollTo, 'auto') ?? []
    if (offset !== virtualizer.scrollOffset) virtualizer.scrollToIndex(scrollTo, { align: 'auto' })
  }, [scrollTo, virtualizer])

  const rows = virtualizer.getVirtualItems().map((item) => {
    const id = ids[item.index]
    if (id === undefined) return null
    return renderRow(id, {
      index: item.index,
      top: item.start,
      height: options.rowHeight - rowGap,
      setSize: ids.length,
    })
  })

  return (
    <div ref={viewport} className={viewportClass} style={{ height: options.height }}>
      {renderList(rows, { height: virtualizer.getTotalSize(), position: 'relative' })}
    </div>
  )
}
