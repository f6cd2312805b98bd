import { maxItems } from '../../../src/api/contract-bounds.ts'
import type { Playlist } from '../../../src/api/generated/types.gen.ts'
import { zPlaylistReorder } from '../../../src/api/generated/zod.gen.ts'
import type { RuleAction } from '../../../src/api/rules.ts'
import { forgetPlaylist } from './playlist-members.ts'
import type { StepContext, StepResult } from './steps.ts'

/** The most videos a playlist holds (the contract's bound on a playlist's order). */
export const playlistLimit = maxItems(zPlaylistReorder.shape.video_ids)

type Add = Extract<RuleAction, { type: 'playlist_add' }>
type Remove = Extract<RuleAction, { type: 'playlist_remove' }>

const path = (id: string) => `/api/v1/playlists/${encodeURIComponent(id)}`
const named = (playlist: Playlist) => `“${playlist.name}”`

/**
 * The order with `videoId` inserted at `at` (or taken out) where every pinned video keeps its
 * index; null when that cannot be (taking a video out before pinned ones at the very end).
 */
export function orderKeepingPins(
  ids: readonly string[],
  pinned: ReadonlySet<string>,
  change: { insert: string; at: number } | { remove: string },
): string[] | null {
  const free = ids.filter((id) => !pinned.has(id))
  if ('insert' in change) {
    const before = ids.slice(0, change.at).filter((id) => !pinned.has(id)).length
    free.splice(before, 0, change.insert)
  } else {
    free.splice(free.indexOf(change.remove), 1)
  }
  const length = ids.length + ('insert' in change ? 1 : -1)
  const order: string[] = []
  for (let index = 0; index < length; index++) {
    const here = ids[index]
    order.push(here !== undefined && pinned.has(here) ? here : (free.shift() as string))
  }
  const kept = ids.every((id, index) => !pinned.has(id) || order[index] === id)
  return kept && free.length === 0 && !order.includes(undefined as never) ? order : null
}

/** An earlier attempt sent a write to this playlist whose answer never came. */
const madeBefore = (context: StepContext, playlistPath: string) =>
  context.unanswered.some((call) => call.path.startsWith(playlistPath))

// Rules never move a pinned video: an insert or removal that would shift one sends the whole
// order with the pins where they were (PUT); otherwise the one-video call, which touches nothing
// else (decision 0008).
export async function addToPlaylist(context: StepContext, action: Add): Promise<StepResult> {
  const { calls, videoId } = context
  const playlist = await calls.get<Playlist>(path(action.playlist_id))
  if (!playlist)
    return { state: 'failed', note: `Playlist ${action.playlist_id} is not at the service` }
  const ids = playlist.video_ids
  const there = ids.indexOf(videoId)
  if (there >= 0 && madeBefore(context, path(playlist.id)))
    return {
      state: 'applied',
      note: `In ${named(playlist)} (position ${there + 1}): added by an earlier attempt whose answer never came`,
      set: [`playlist:${playlist.id}`],
    }
  if (there >= 0)
    return {
      state: 'skipped',
      note: `Already in ${named(playlist)} (position ${there + 1}), left where it is`,
    }
  if (ids.length >= playlistLimit)
    return {
      state: 'failed',
      note: `${named(playlist)} holds ${ids.length} videos, the most a playlist can hold`,
    }
  const at =
    action.position === 'top'
      ? 0
      : action.position === 'bottom'
        ? ids.length
        : Math.min(action.position, ids.length)
  const pinned = new Set(playlist.pinned_video_ids ?? [])
  let answer: Playlist | null
  if (ids.slice(at).some((id) => pinned.has(id))) {
    const order = orderKeepingPins(ids, pinned, { insert: videoId, at }) as string[]
    answer = await calls.send<Playlist>('PUT', `${path(playlist.id)}/videos`, { video_ids: order })
  } else {
    answer = await calls.send<Playlist>('POST', `${path(playlist.id)}/videos`, {
      video_id: videoId,
      ...(action.position === 'bottom' ? {} : { position: at }),
    })
  }
  forgetPlaylist(playlist.id)
  const position = (answer?.video_ids ?? []).indexOf(videoId)
  return {
    state: 'applied',
    note: `Added to ${named(playlist)} at position ${position >= 0 ? position + 1 : at + 1}`,
    set: [`playlist:${playlist.id}`],
  }
}

export async function removeFromPlaylist(
  context: StepContext,
  action: Remove,
): Promise<StepResult> {
  const { calls, videoId } = context
  const playlist = await calls.get<Playlist>(path(action.playlist_id))
  if (!playlist)
    return { state: 'failed', note: `Playlist ${action.playlist_id} is not at the service` }
  const ids = playlist.video_ids
  const there = ids.indexOf(videoId)
  const target = `playlist:${playlist.id}`
  if (there < 0) return { state: 'skipped', note: `Not in ${named(playlist)}`, clear: [target] }
  const pinned = new Set(playlist.pinned_video_ids ?? [])
  if (pinned.has(videoId))
    return {
      state: 'skipped',
      note: `Pinned in ${named(playlist)}: rules never move pinned videos`,
    }
  if (ids.slice(there).some((id) => pinned.has(id))) {
    const order = orderKeepingPins(ids, pinned, { remove: videoId })
    if (!order)
      return {
        state: 'skipped',
        note: `Taking it out of ${named(playlist)} would move the pinned videos after it`,
      }
    await calls.send('PUT', `${path(playlist.id)}/videos`, { video_ids: order })
  } else {
    await calls.send('DELETE', `${path(playlist.id)}/videos/${encodeURIComponent(videoId)}`)
  }
  forgetPlaylist(playlist.id)
  return { state: 'applied', note: `Removed from ${named(playlist)}`, clear: [target] }
}
