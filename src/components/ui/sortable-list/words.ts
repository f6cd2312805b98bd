// Where a moving item (or block of items) is: `position` is the 1-based place its first item has or
// would have once dropped, `count` how many move together, `total` the length of the whole list.
export interface Placement {
  caption: string
  count: number
  position: number
  total: number
}

// Everything the list says, to sighted users and to screen readers. Captions come from the caller;
// ids are never spoken.
export interface SortableListWords {
  handleLabel: (caption: string) => string
  // A row whose item is still loading has no caption yet and cannot be moved until it has one.
  pendingLabel: (position: number, total: number) => string
  menuLabel: (caption: string) => string
  handleRoleDescription: string
  instructions: string
  pickedUp: (placement: Placement) => string
  over: (placement: Placement) => string
  moved: (placement: Placement) => string
  cancelled: (placement: Placement) => string
  moveToTop: (count: number) => string
  moveToBottom: (count: number) => string
  moveToPosition: (count: number) => string
  alreadyAtTop: string
  alreadyAtBottom: string
  nowhereToMove: string
  dialogTitle: (caption: string, count: number) => string
  currentPosition: (placement: Placement) => string
  positionLabel: (last: number) => string
  positionError: (last: number) => string
  confirmMove: string
  cancelMove: string
}

const who = ({ caption, count }: Placement) =>
  count > 1 ? `${caption} and ${count - 1} more selected` : caption

const where = ({ count, position, total }: Placement) =>
  count > 1
    ? `positions ${position} to ${position + count - 1} of ${total}`
    : `position ${position} of ${total}`

export const englishWords: SortableListWords = {
  handleLabel: (caption) => `Reorder ${caption}`,
  pendingLabel: (position, total) => `Item ${position} of ${total}, still loading`,
  menuLabel: (caption) => `Move ${caption}`,
  handleRoleDescription: 'sortable',
  instructions:
    'To pick up an item, press Space or Enter. Use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
  pickedUp: (placement) => `Picked up ${who(placement)}, at ${where(placement)}.`,
  over: (placement) => `${who(placement)} is over ${where(placement)}.`,
  moved: (placement) => `${who(placement)} moved to ${where(placement)}.`,
  cancelled: (placement) =>
    placement.count > 1
      ? `Move cancelled. ${who(placement)} stayed where they were.`
      : `Move cancelled. ${placement.caption} is back at ${where(placement)}.`,
  moveToTop: (count) => (count > 1 ? `Move ${count} selected to top` : 'Move to top'),
  moveToBottom: (count) => (count > 1 ? `Move ${count} selected to bottom` : 'Move to bottom'),
  moveToPosition: (count) =>
    count > 1 ? `Move ${count} selected to position…` : 'Move to position…',
  alreadyAtTop: 'Already at the top',
  alreadyAtBottom: 'Already at the bottom',
  nowhereToMove: 'Nothing else to move past',
  dialogTitle: (caption, count) =>
    count > 1 ? `Move ${caption} and ${count - 1} more selected` : `Move ${caption}`,
  currentPosition: (placement) =>
    placement.count > 1
      ? `${placement.count} items move together; the first lands at the position you enter.`
      : `Now at ${where(placement)}.`,
  positionLabel: (last) => `New position (1 to ${last})`,
  positionError: (last) => `Enter a whole number from 1 to ${last}.`,
  confirmMove: 'Move',
  cancelMove: 'Cancel',
}

export const placeAt = (caption: string, count: number, index: number, total: number) =>
  ({ caption, count, position: index + 1, total }) satisfies Placement
