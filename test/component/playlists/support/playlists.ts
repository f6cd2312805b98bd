import type { Playlist } from '@/api/generated/types.gen'
import { json } from '../../support/fake-api'

export const makePlaylist = (name: string): Playlist => ({
  id: `pl_${name.replaceAll(' ', '')}`,
  name,
  description: null,
  updated_at: '2026-01-01T00:00:00Z',
  video_ids: [],
})

export const playlistNames = ['Spring drop', 'Summer sale', 'Winter edit']

/** One page of the playlists whose name holds `q`, as the service answers a list. */
export const playlistPage = (q: string) =>
  json({
    playlists: playlistNames
      .filter((name) => name.toLowerCase().includes(q.toLowerCase()))
      .map(makePlaylist),
    links: { next: null },
    pagination: { cursor: null, has_more: false },
  })
