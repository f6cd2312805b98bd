import {
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  closestCenter,
  type DndContextProps,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  getClientRect,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  TraversalOrder,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { useMemo, useRef, useState } from 'react'
import { blockFor } from './move-block'
import { type RowSlots, slotAt, slotSteps, slotsFor } from './row-slots'
import { useLetGo } from './use-let-go'
import { placeAt, type SortableListWords } from './words'

export interface Drag {
  activeId: string
  block: string[]
  // The list as shown while dragging: the block's other items are folded into the dragged row.
  shown: readonly string[]
  // Where a row lifted by pointer or touch was before the fold, so its preview stays under the
  // finger; a row lifted by keyboard has its preview on its place in the folded list instead.
  liftedTop: number | undefined
  // A virtualized list's drag (see row-slots.ts): the slots, and the index in `shown` the row
  // would land at.
  slots?: RowSlots
  slot?: number
}

const mouseOptions = { activationConstraint: { distance: 4 } }
// A short press before a drag starts, so a finger on the list still scrolls it.
const touchOptions = { activationConstraint: { delay: 200, tolerance: 8 } }

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 })

// The same empty answer each time: a new array would change dnd-kit's context on every move.
const none: ReturnType<CollisionDetection> = []
const noCollisions: CollisionDetection = () => none

// dnd-kit's side of the list: sensors, the drag of a row or a selection, and what is said about
// it. `onDrop` gets the block and the index its first item lands at. Given `slotHeight` (a
// virtualized list of fixed-height rows), where the row lands is worked out from how far it has
// moved rather than from dnd-kit's measured droppable rows.
export function useSortableDrag({
  items,
  selection,
  caption,
  words,
  onDrop,
  onLetGo,
  slotHeight,
}: {
  items: readonly string[]
  selection: ReadonlySet<string>
  caption: (id: string) => string
  words: SortableListWords
  onDrop: (activeId: string, block: string[], toIndex: number) => void
  onLetGo?: (() => void) | undefined
  slotHeight?: number | undefined
}) {
  const [drag, setDrag] = useState<Drag | null>(null)
  useLetGo(drag !== null, onLetGo)
  // dnd-kit calls the announcements during its own events, before our state has re-rendered.
  const dragRef = useRef<Drag | null>(null)
  const spokenIndex = useRef<number | null>(null)
  const measuring = useLiftedRowMeasuredOnce(slotHeight !== undefined)

  // The same options from one render to the next: new ones make new sensors, and dnd-kit then
  // re-renders every draggable row each time the list renders (every slot a drag crosses).
  const keyboardOptions = useMemo(
    () => ({
      coordinateGetter:
        slotHeight === undefined
          ? sortableKeyboardCoordinates
          : slotSteps(slotHeight, () => ({
              slot: dragRef.current?.slot ?? 0,
              count: dragRef.current?.shown.length ?? 0,
            })),
      // Instant scrolling: a smooth scroll still running when the next arrow key comes makes
      // dnd-kit measure rows mid-flight, and some key presses of a long move were lost.
      scrollBehavior: 'auto' as const,
    }),
    [slotHeight],
  )
  const sensors = useSensors(
    useSensor(MouseSensor, mouseOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  )

  const place = (id: string, count: number, index: number) =>
    placeAt(caption(id), count, index, items.length)
  const placeAtIndex = (current: Drag, index: number) =>
    place(current.activeId, current.block.length, index)
  const placeOver = (current: Drag, overId: string) =>
    placeAtIndex(current, current.shown.indexOf(overId))
  const placeBefore = (current: Drag) =>
    place(current.activeId, current.block.length, items.indexOf(current.activeId))

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    measuring?.forget()
    const activeId = String(active.id)
    const block = blockFor(items, selection, activeId)
    const folded = new Set(block.filter((id) => id !== activeId))
    const row =
      activatorEvent.target instanceof Element ? activatorEvent.target.closest('li') : null
    // The list itself when nothing folds: a new array of the same ids would have a virtualized
    // list lay out every row again, in the task of the lift.
    const shown = folded.size === 0 ? items : items.filter((id) => !folded.has(id))
    const byKeyboard = activatorEvent instanceof KeyboardEvent
    const next: Drag = {
      activeId,
      block,
      shown,
      liftedTop: byKeyboard ? undefined : row?.getBoundingClientRect().top,
    }
    if (slotHeight !== undefined) {
      // A pointer's preview stays where the row was before the selection folded into it; a
      // keyboard's sits on the row's folded place.
      const from = byKeyboard ? shown.indexOf(activeId) : items.indexOf(activeId)
      next.slots = slotsFor(slotHeight, shown.length, from)
      next.slot = slotAt(next.slots, 0)
    }
    dragRef.current = next
    // A slot is known from the start; a plain list's row learns what it is over from dnd-kit.
    spokenIndex.current = next.slot ?? null
    setDrag(next)
  }

  function onDragMove({ delta }: DragMoveEvent) {
    const current = dragRef.current
    if (!current?.slots) return
    const slot = slotAt(current.slots, delta.y)
    if (slot === current.slot) return
    dragRef.current = { ...current, slot }
    setDrag(dragRef.current)
  }

  function onDragEnd({ over, delta }: DragEndEvent) {
    const current = dragRef.current
    setDrag(null)
    if (current?.slots) {
      // Kept for the announcement of the drop, which dnd-kit makes after this.
      dragRef.current = { ...current, slot: slotAt(current.slots, delta.y) }
      onDrop(current.activeId, current.block, dragRef.current.slot ?? 0)
      return
    }
    if (!current || !over) return
    onDrop(current.activeId, current.block, current.shown.indexOf(String(over.id)))
  }

  // Says where the row is once it has moved to another place: a slot in a virtualized list, the
  // row it is over in a plain one. In a plain list, dnd-kit's first report after the pick-up
  // restates the pick-up with the true place, if the selection folding into the row moved it.
  const spokenPlace = (index: number) => {
    const current = dragRef.current
    if (!current || index === spokenIndex.current) return
    const first = spokenIndex.current === null
    spokenIndex.current = index
    if (!first) return words.over(placeAtIndex(current, index))
    if (index === current.shown.indexOf(current.activeId)) return
    return words.pickedUp(placeAtIndex(current, index))
  }

  const announcements: Announcements = {
    onDragStart: () => {
      const current = dragRef.current
      if (!current) return
      if (current.slot !== undefined) return words.pickedUp(placeAtIndex(current, current.slot))
      return words.pickedUp(placeOver(current, current.activeId))
    },
    onDragMove: () => {
      const slot = dragRef.current?.slot
      return slot === undefined ? undefined : spokenPlace(slot)
    },
    onDragOver: ({ over }) => {
      const current = dragRef.current
      if (!current || current.slots || !over) return
      return spokenPlace(current.shown.indexOf(String(over.id)))
    },
    onDragEnd: ({ over }) => {
      const current = dragRef.current
      if (!current) return
      if (current.slot !== undefined) return words.moved(placeAtIndex(current, current.slot))
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
    collisionDetection: slotHeight === undefined ? closestCenter : noCollisions,
    measuring: measuring?.config,
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
    onDragMove,
    onDragEnd,
    onDragCancel: () => setDrag(null),
  }
  return { drag, contextProps }
}

/**
 * For a virtualized list, whose preview is an overlay placed by slot: the lifted row is measured
 * once per drag. dnd-kit measures it again on every DOM change around it, and as the list mounts
 * rows while it scrolls, the row has moved each time: a new rectangle re-rendered every mounted
 * row (its context changes with it) and forced a layout, for a figure nothing with an overlay
 * reads. The first is what places the overlay.
 */
function useLiftedRowMeasuredOnce(enabled: boolean) {
  return useMemo(() => {
    if (!enabled) return undefined
    let lifted: { element: HTMLElement; rect: ClientRect } | null = null
    const measure = (element: HTMLElement) => {
      if (lifted?.element !== element)
        lifted = { element, rect: getClientRect(element, { ignoreTransform: true }) }
      return lifted.rect
    }
    return {
      config: { draggable: { measure } },
      forget: () => {
        lifted = null
      },
    }
  }, [enabled])
}
