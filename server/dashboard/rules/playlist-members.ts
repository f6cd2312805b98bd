import type { Playlist } from '../../../src/api/generated/types.gen.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'

/** What the rules need of a playlist: its name, its videos in order and its pinned ones. */
export interface PlaylistMembers {
  id: string
  name: string
  video_ids: string[]
  pinned: ReadonlySet<string>
}

const keptMs = 15_000
const readers = new WeakMap<
  ServiceReader,
  Map<string, { at: number; read: Promise<PlaylistMembers | null> }>
>()

/** Every reader's kept playlists, so a write can forget one wherever it is kept. */
const caches = new Set<Map<string, unknown>>()

/** A rule changed the playlist: the next preview or dry run reads it again. */
export function forgetPlaylist(id: string) {
  for (const cache of caches) cache.delete(id)
}

/**
 * A playlist as the service says it is, read with the dashboard's token and kept 15 seconds
 * (a preview asks again at each keystroke); null when the service has no such playlist. A failed
 * read is not kept.
 */
export function readPlaylist(service: ServiceReader, id: string): Promise<PlaylistMembers | null> {
  let cache = readers.get(service)
  if (!cache) {
    cache = new Map()
    readers.set(service, cache)
    caches.add(cache)
  }
  const now = Date.now()
  const kept = cache.get(id)
  if (kept && now - kept.at < keptMs) return kept.read
  const read = service
    .get<Playlist>(`/api/v1/playlists/${encodeURIComponent(id)}`)
    .then((playlist) =>
      playlist
        ? {
            id: playlist.id,
            name: playlist.name,
            video_ids: playlist.video_ids,
            pinned: new Set(playlist.pinned_video_ids ?? []),
          }
        : null,
    )
  const entry = { at: now, read }
  cache.set(id, entry)
  read.catch(() => {
    if (cache.get(id) === entry) cache.delete(id)
  })
  if (cache.size > 500) cache.delete(cache.keys().next().value as string)
  return read
}
