import type { MenuEntry } from '../menu'
import type { SortableListWords } from './words'

export interface SelectionShape {
  // The selected ids in list order, where the first of them is, and whether they are side by side.
  ids: string[]
  first: number
  contiguous: boolean
}

export function selectionShape(
  items: readonly string[],
  selection: ReadonlySet<string>,
): SelectionShape {
  const ids = items.filter((id) => selection.has(id))
  const first = ids[0] === undefined ? -1 : items.indexOf(ids[0])
  return { ids, first, contiguous: ids.every((id, offset) => items[first + offset] === id) }
}

/** What a row's menu does; one stable object for the whole list, so rows stay memoized. */
export interface MoveActions {
  moveTo: (id: string, block: string[], toIndex: number) => void
  askPosition: (id: string, block: string[]) => void
}

// A row's move-to menu. A selected row moves its whole selection; a move that would change
// nothing stays listed, disabled, with the reason.
export function moveMenu({
  id,
  index,
  total,
  selected,
  selection,
  words,
  actions,
  unavailableReason,
}: {
  id: string
  index: number
  total: number
  // Whether this row is part of the selection.
  selected: boolean
  selection: SelectionShape
  words: SortableListWords
  actions: MoveActions
  // The list cannot be reordered at all (a role without the right): every move says why.
  unavailableReason?: string | undefined
}): MenuEntry[] {
  const block = selected ? selection.ids : [id]
  const start = selected ? selection.first : index
  const together = selected ? selection.contiguous : true
  const atTop = together && start === 0
  const atBottom = together && start + block.length === total
  return [
    {
      label: words.moveToTop(block.length),
      onSelect: () => actions.moveTo(id, block, 0),
      disabledReason: unavailableReason ?? (atTop ? words.alreadyAtTop : undefined),
    },
    {
      label: words.moveToBottom(block.length),
      onSelect: () => actions.moveTo(id, block, total - block.length),
      disabledReason: unavailableReason ?? (atBottom ? words.alreadyAtBottom : undefined),
    },
    {
      label: words.moveToPosition(block.length),
      onSelect: () => actions.askPosition(id, block),
      disabledReason: unavailableReason ?? (atTop && atBottom ? words.nowhereToMove : undefined),
    },
  ]
}
