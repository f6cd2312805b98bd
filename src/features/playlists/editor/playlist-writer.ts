import { sameOrder } from '@/components/ui/sortable-list/move-block'
import { applyChange, type PlaylistChange, type PlaylistState } from './playlist-changes'

/** The stored playlist as the service answers it (order unfiltered). */
export interface StoredPlaylist {
  video_ids: string[]
  pinned_video_ids?: string[]
  updated_at: string
}

/** The service's playlist writes, each answering the stored playlist. */
export interface PlaylistService {
  read(): Promise<StoredPlaylist>
  reorder(order: readonly string[]): Promise<StoredPlaylist>
  add(videoId: string, position: number | null): Promise<StoredPlaylist>
  remove(videoId: string): Promise<StoredPlaylist>
  pin(videoId: string, pinned: boolean): Promise<StoredPlaylist>
}

export interface WriterSnapshot {
  /** What the screen shows: the service's order with every change not yet saved applied. */
  shown: PlaylistState
  /** The order the service holds, as last answered. */
  stored: StoredPlaylist
  /** Changes sent or waiting; 0 when everything shown is saved. */
  unsaved: number
  /** The playlist changed elsewhere before an order of ours overwrote it: the marketer decides. */
  conflict: { changedAt: string } | null
}

export interface WriterEvents {
  onSaved?: (stored: StoredPlaylist) => void
  /** A change was refused or failed: the screen is back on the service's order. */
  onFailed?: (error: unknown) => void
}

// Above this many videos an addition goes as one new order (PUT) instead of one POST each.
const addOneByOneUpTo = 20
// A read begun ahead of a move serves its conflict check only this soon after: it is begun as a
// drag is let go, and the move follows in the same task (longer on a slow machine).
const readAheadServesMs = 1_000

const stateOf = (stored: StoredPlaylist): PlaylistState => ({
  order: stored.video_ids,
  pinned: new Set(stored.pinned_video_ids ?? []),
})

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id))

// What was shown, where a save answers the same order: a new array of the same ids drew the whole
// list again once each save was answered (a virtualized list lays out every row).
function kept(before: PlaylistState | undefined, next: PlaylistState): PlaylistState {
  if (!before) return next
  const order = sameOrder(before.order, next.order) ? before.order : next.order
  const pinned = sameSet(before.pinned, next.pinned) ? before.pinned : next.pinned
  return order === before.order && pinned === before.pinned ? before : { order, pinned }
}

/**
 * Saves a playlist's changes one at a time, in the order they were made, while the screen shows
 * them at once. A new order supersedes orders not yet sent (rapid moves reach the service as their
 * final order, never an older one after a newer one); a change already sent is never dropped.
 * Before an order overwrites the playlist, the service is asked whether it changed elsewhere.
 */
export function createPlaylistWriter(
  initial: StoredPlaylist,
  service: PlaylistService,
  events: WriterEvents = {},
) {
  let stored = initial
  let queue: PlaylistChange[] = []
  let sending = false
  let conflict: WriterSnapshot['conflict'] = null
  let decide: ((choice: 'overwrite' | 'reload') => void) | null = null
  let ahead: { read: Promise<StoredPlaylist>; basis: StoredPlaylist; at: number } | null = null
  let snapshot = computeSnapshot(undefined)
  const listeners = new Set<() => void>()

  function computeSnapshot(before: PlaylistState | undefined): WriterSnapshot {
    const shown = kept(before, queue.reduce(applyChange, stateOf(stored)))
    return { shown, stored, unsaved: queue.length, conflict }
  }

  function publish() {
    snapshot = computeSnapshot(snapshot.shown)
    for (const listener of listeners) listener()
  }

  function apply(change: PlaylistChange) {
    // Orders not yet sent are superseded by a newer one; the first entry may be in flight.
    if (change.kind === 'reorder') {
      const sent = sending ? queue.slice(0, 1) : []
      queue = [...sent, ...queue.slice(sent.length).filter((queued) => queued.kind !== 'reorder')]
    }
    queue.push(change)
    publish()
    void drain()
  }

  async function drain() {
    if (sending) return
    sending = true
    try {
      while (queue.length > 0) {
        const change = queue[0] as PlaylistChange
        const outcome = await send(change)
        if (outcome === 'reloaded') continue
        queue.shift()
        publish()
        events.onSaved?.(stored)
      }
    } catch (error) {
      queue = []
      conflict = null
      // The order shown goes back to the service's, read again where it can be.
      stored = await service.read().catch(() => stored)
      publish()
      events.onFailed?.(error)
    } finally {
      sending = false
    }
  }

  async function send(change: PlaylistChange): Promise<'saved' | 'reloaded'> {
    switch (change.kind) {
      case 'reorder':
        return overwrite(change.order)
      case 'add':
        if (change.videoIds.length > addOneByOneUpTo)
          return overwrite(applyChange(stateOf(stored), change).order)
        for (const [offset, videoId] of change.videoIds.entries())
          stored = await service.add(
            videoId,
            change.position === null ? null : change.position + offset,
          )
        return 'saved'
      case 'remove':
        for (const videoId of change.videoIds) stored = await service.remove(videoId)
        return 'saved'
      case 'pin':
      case 'unpin':
        stored = await service.pin(change.videoId, change.kind === 'pin')
        return 'saved'
    }
  }

  // The read begun ahead, if it still says what the playlist is now: begun moments ago, with
  // nothing of ours saved since (our own save would read as a change made elsewhere).
  function takeReadAhead() {
    const taken = ahead
    ahead = null
    const fresh = taken && taken.basis === stored && Date.now() - taken.at <= readAheadServesMs
    return fresh ? taken.read : service.read()
  }

  async function overwrite(order: readonly string[]): Promise<'saved' | 'reloaded'> {
    const current = await takeReadAhead()
    if (current.updated_at !== stored.updated_at) {
      conflict = { changedAt: current.updated_at }
      publish()
      const choice = await new Promise<'overwrite' | 'reload'>((resolve) => {
        decide = resolve
      })
      decide = null
      conflict = null
      stored = current
      if (choice === 'reload') {
        queue = []
        publish()
        return 'reloaded'
      }
    }
    stored = await service.reorder(order)
    return 'saved'
  }

  return {
    apply,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /**
     * Begins the read a new order's conflict check needs, before the order is known (a drag being
     * let go), so it is under way while the screen draws the drop. Only when nothing waits to be
     * saved; unused, it lapses.
     */
    readAhead() {
      if (queue.length > 0) return
      const read = service.read()
      // A failed read fails the check that takes it; nobody may take it.
      read.catch(() => {})
      ahead = { read, basis: stored, at: Date.now() }
    },
    /** After a conflict: keep the marketer's order, or take the service's and drop the changes. */
    resolveConflict(choice: 'overwrite' | 'reload') {
      decide?.(choice)
    },
    /** The service's record read elsewhere (a refetch): taken when nothing is waiting to save. */
    adopt(record: StoredPlaylist) {
      if (queue.length > 0 || record.updated_at === stored.updated_at) return
      stored = record
      publish()
    },
  }
}

export type PlaylistWriter = ReturnType<typeof createPlaylistWriter>
