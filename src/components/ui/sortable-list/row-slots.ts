import type { KeyboardCoordinateGetter } from '@dnd-kit/core'

// The space between rows, as the plain list's gap-2 leaves it; a virtualized row is this much
// shorter than its slot.
export const rowGap = 8

// A virtualized list's drag works on slots of a fixed height rather than on measured rows: the
// dragged row's centre, where it was lifted plus how far it has moved (pointer and scroll
// together, as dnd-kit reports it), falls in one slot, and that is where it would land. No row is
// measured or re-rendered while the pointer moves, only the drop line when the slot changes.
export interface RowSlots {
  rowHeight: number
  // The list as shown while dragging, and where the lifted row's centre starts, in pixels from
  // the list's top.
  count: number
  startCentre: number
}

export function slotsFor(rowHeight: number, count: number, startIndex: number): RowSlots {
  return { rowHeight, count, startCentre: startIndex * rowHeight + (rowHeight - rowGap) / 2 }
}

export function slotAt(slots: RowSlots, deltaY: number) {
  const slot = Math.floor((slots.startCentre + deltaY) / slots.rowHeight)
  return Math.min(slots.count - 1, Math.max(0, slot))
}

// Where the drop line is drawn, in pixels from the list's top: in the gap below the target row
// when moving down, above it when moving up; nowhere when the row would stay where it is.
export function dropLineTop(rowHeight: number, from: number, to: number) {
  if (to === from) return undefined
  const edge = to > from ? (to + 1) * rowHeight : to * rowHeight
  return edge - rowGap / 2
}

// Arrow keys move the lifted row one slot, and stop at either end of the list (dnd-kit scrolls
// the list when the row would leave its view).
export function slotSteps(
  rowHeight: number,
  current: () => { slot: number; count: number },
): KeyboardCoordinateGetter {
  return (event, { currentCoordinates }) => {
    const step = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0
    if (step === 0) return undefined
    // The page does not scroll under a lifted row, even at an end of the list.
    event.preventDefault()
    const { slot, count } = current()
    if (slot + step < 0 || slot + step >= count) return undefined
    return { ...currentCoordinates, y: currentCoordinates.y + step * rowHeight }
  }
}
