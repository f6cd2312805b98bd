// Moves `movedIds` together, in the relative order they have in `order`, so that the first of them
// lands at `toIndex` of the result; everything else keeps its relative order. `toIndex` is clamped
// to 0..(length - moved), the last index at which the whole block still fits. Ids not in `order`
// are ignored, and a new array is always returned.
export function moveBlock<Id>(
  order: readonly Id[],
  movedIds: readonly Id[],
  toIndex: number,
): Id[] {
  if (Number.isNaN(toIndex)) throw new RangeError('toIndex must be a number')
  const moving = new Set(movedIds)
  const block = order.filter((id) => moving.has(id))
  const rest = order.filter((id) => !moving.has(id))
  const at = Math.min(Math.max(0, Math.trunc(toIndex)), rest.length)
  return [...rest.slice(0, at), ...block, ...rest.slice(at)]
}

// What moves when a row is dragged or moved from its menu: the whole selection, in list order, when
// the row is part of it; the row alone otherwise.
export function blockFor<Id>(order: readonly Id[], selection: ReadonlySet<Id>, id: Id): Id[] {
  return selection.has(id) ? order.filter((each) => selection.has(each)) : [id]
}

export function sameOrder<Id>(a: readonly Id[], b: readonly Id[]) {
  return a.length === b.length && a.every((id, index) => id === b[index])
}
