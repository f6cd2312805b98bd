import type { Playlist } from '../../../src/api/generated/types.gen.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Db } from '../db/open.ts'
import { badRequest, forbidden, notFound } from '../http/api-error.ts'
import type { PlaylistRow } from './access.ts'
import { iso } from './time.ts'

// Every video of a playlist must belong to the playlist's business (403 otherwise); unknown ids
// are 404 and a video may appear only once.
export function resolvePlaylistVideos(db: Db, grant: Grant, publicIds: string[]): number[] {
  if (new Set(publicIds).size !== publicIds.length)
    throw badRequest('video_ids contains duplicates')
  return publicIds.map((publicId) => {
    const row = db
      .prepare('SELECT id, business_id FROM videos WHERE public_id = ? AND deleted_at IS NULL')
      .get(publicId) as { id: number; business_id: number } | undefined
    if (!row) throw notFound(`Video ${publicId}`)
    if (row.business_id !== grant.businessId)
      throw forbidden(`Video ${publicId} belongs to another business`)
    return row.id
  })
}

export function playlistVideoIds(db: Db, playlistId: number): number[] {
  return (
    db
      .prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position')
      .all(playlistId) as Array<{
      video_id: number
    }>
  ).map((row) => row.video_id)
}

// Rewrites the order; pins stay with their videos.
export function setPlaylistVideos(db: Db, playlistId: number, videoIds: number[]) {
  const pinned = new Set(
    (
      db
        .prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? AND pinned = 1')
        .all(playlistId) as Array<{
        video_id: number
      }>
    ).map((row) => row.video_id),
  )
  db.prepare('DELETE FROM playlist_videos WHERE playlist_id = ?').run(playlistId)
  const insert = db.prepare(
    'INSERT INTO playlist_videos (playlist_id, position, video_id, pinned) VALUES (?, ?, ?, ?)',
  )
  for (const [position, videoId] of videoIds.entries()) {
    insert.run(playlistId, position, videoId, pinned.has(videoId) ? 1 : 0)
  }
  db.prepare('UPDATE playlists SET updated_at = ? WHERE id = ?').run(Date.now(), playlistId)
}

// The list endpoint shows only available videos; mutations echo the stored order unfiltered.
export function renderPlaylist(db: Db, playlist: PlaylistRow, onlyAvailable: boolean): Playlist {
  const rows = db
    .prepare(
      `SELECT v.public_id, pv.pinned FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id WHERE pv.playlist_id = ?
       ${onlyAvailable ? `AND v.deleted_at IS NULL AND v.status = 'approved'` : ''} ORDER BY pv.position`,
    )
    .all(playlist.id) as Array<{ public_id: string; pinned: number }>
  return {
    id: playlist.public_id,
    name: playlist.name,
    description: playlist.description,
    updated_at: iso(playlist.updated_at),
    video_ids: rows.map((row) => row.public_id),
    ai_feed: playlist.ai_feed_enabled === 1,
    pinned_video_ids: rows.filter((row) => row.pinned === 1).map((row) => row.public_id),
  }
}
