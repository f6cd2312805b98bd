import {
  type Announcements,
  closestCenter,
  type DndContextProps,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  TraversalOrder,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { useRef, useState } from 'react'
import { blockFor } from './move-block'
import { placeAt, type SortableListWords } from './words'

export interface Drag {
  activeId: string
  block: string[]
  // The list as shown while dragging: the block's other items are folded into the dragged row.
  shown: string[]
  // Where a row lifted by pointer or touch was before the fold, so its preview stays under the
  // finger; a row lifted by keyboard has its preview on its place in the folded list instead.
  liftedTop: number | undefined
}

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 })

// dnd-kit's side of the list: sensors, the drag of a row or a selection, and what is said about
// it. `onDrop` gets the block and the index its first item lands at.
export function useSortableDrag({
  items,
  selection,
  caption,
  words,
  onDrop,
}: {
  items: readonly string[]
  selection: ReadonlySet<string>
  caption: (id: string) => string
  words: SortableListWords
  onDrop: (activeId: string, block: string[], toIndex: number) => void
}) {
  const [drag, setDrag] = useState<Drag | null>(null)
  // dnd-kit calls the announcements during its own events, before our state has re-rendered.
  const dragRef = useRef<Drag | null>(null)
  const spokenIndex = useRef<number | null>(null)

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A short press before a drag starts, so a finger on the list still scrolls it.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // Instant scrolling: a smooth scroll still running when the next arrow key comes makes dnd-kit
    // measure rows mid-flight, and some key presses of a long move were lost.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: 'auto',
    }),
  )

  const place = (id: string, count: number, index: number) =>
    placeAt(caption(id), count, index, items.length)
  const placeOver = (current: Drag, overId: string) =>
    place(current.activeId, current.block.length, current.shown.indexOf(overId))
  const placeBefore = (current: Drag) =>
    place(current.activeId, current.block.length, items.indexOf(current.activeId))

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    const activeId = String(active.id)
    const block = blockFor(items, selection, activeId)
    const folded = new Set(block.filter((id) => id !== activeId))
    const row =
      activatorEvent.target instanceof Element ? activatorEvent.target.closest('li') : null
    const next: Drag = {
      activeId,
      block,
      shown: items.filter((id) => !folded.has(id)),
      liftedTop:
        activatorEvent instanceof KeyboardEvent ? undefined : row?.getBoundingClientRect().top,
    }
    dragRef.current = next
    spokenIndex.current = null
    setDrag(next)
  }

  function onDragEnd({ over }: DragEndEvent) {
    const current = dragRef.current
    setDrag(null)
    if (!current || !over) return
    onDrop(current.activeId, current.block, current.shown.indexOf(String(over.id)))
  }

  const announcements: Announcements = {
    onDragStart: () => {
      const current = dragRef.current
      return current ? words.pickedUp(placeOver(current, current.activeId)) : undefined
    },
    // dnd-kit reports where the lifted row is right after the pick-up: usually over itself, but
    // elsewhere when the selection folding into it shifted the rows. That first report restates
    // the pick-up with the true place; after it, only a change of place is spoken.
    onDragOver: ({ over }) => {
      const current = dragRef.current
      if (!current || !over) return
      const index = current.shown.indexOf(String(over.id))
      if (index === spokenIndex.current) return
      const first = spokenIndex.current === null
      spokenIndex.current = index
      if (!first) return words.over(placeOver(current, String(over.id)))
      if (index === current.shown.indexOf(current.activeId)) return
      return words.pickedUp(placeOver(current, String(over.id)))
    },
    onDragEnd: ({ over }) => {
      const current = dragRef.current
      if (!current) return
      return over
        ? words.moved(placeOver(current, String(over.id)))
        : words.cancelled(placeBefore(current))
    },
    onDragCancel: () => {
      const current = dragRef.current
      return current ? words.cancelled(placeBefore(current)) : undefined
    },
  }

  const contextProps: DndContextProps = {
    sensors,
    collisionDetection: closestCenter,
    modifiers: [verticalOnly],
    // The list's own scroller first: dnd-kit's default starts with the page, and once the page
    // cannot scroll further it does not move on to the list until the pointer moves again. Twice
    // dnd-kit's speed (up to about 4,000 px/s, by how deep the pointer is in the edge zone), so
    // crossing a 1,000-video playlist takes seconds, not a minute.
    autoScroll: {
      threshold: { x: 0, y: 0.2 },
      acceleration: 20,
      order: TraversalOrder.ReversedTreeOrder,
    },
    accessibility: { announcements, screenReaderInstructions: { draggable: words.instructions } },
    onDragStart,
    onDragEnd,
    onDragCancel: () => setDrag(null),
  }
  return { drag, contextProps }
}
