// What the marketer does to a playlist's order, and what each does to the order shown. The
// service applies the same rules (an added video already in the playlist moves; removing one that
// is not there changes nothing), so the order shown is the order the service will hold.

export type PlaylistChange =
  | { kind: 'reorder'; order: readonly string[] }
  | { kind: 'add'; videoIds: readonly string[]; position: number | null }
  | { kind: 'remove'; videoIds: readonly string[] }
  | { kind: 'pin' | 'unpin'; videoId: string }

export interface PlaylistState {
  order: readonly string[]
  pinned: ReadonlySet<string>
}

export function applyChange(state: PlaylistState, change: PlaylistChange): PlaylistState {
  switch (change.kind) {
    case 'reorder':
      return {
        order: change.order,
        pinned: new Set([...state.pinned].filter((id) => change.order.includes(id))),
      }
    case 'add': {
      const adding = new Set(change.videoIds)
      const rest = state.order.filter((id) => !adding.has(id))
      const at = change.position === null ? rest.length : Math.min(change.position, rest.length)
      return {
        order: [...rest.slice(0, at), ...change.videoIds, ...rest.slice(at)],
        pinned: state.pinned,
      }
    }
    case 'remove': {
      const removing = new Set(change.videoIds)
      return {
        order: state.order.filter((id) => !removing.has(id)),
        pinned: new Set([...state.pinned].filter((id) => !removing.has(id))),
      }
    }
    case 'pin':
      return { order: state.order, pinned: new Set([...state.pinned, change.videoId]) }
    case 'unpin':
      return {
        order: state.order,
        pinned: new Set([...state.pinned].filter((id) => id !== change.videoId)),
      }
  }
}

/** A change that puts the order back as it was before `change` (Undo). */
export const undoOf = (before: PlaylistState, change: PlaylistChange): PlaylistChange =>
  change.kind === 'pin'
    ? { kind: 'unpin', videoId: change.videoId }
    : change.kind === 'unpin'
      ? { kind: 'pin', videoId: change.videoId }
      : { kind: 'reorder', order: before.order }
