import type { Context, Hono } from 'hono'
import type {
  PlaylistCreate,
  PlaylistList,
  PlaylistReorder,
  PlaylistUpdate,
  PlaylistVideoAdd,
  PlaylistVideoList,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, notFound, unprocessable } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { parseBoolean, parsePageSize, withQuery } from '../http/cursor.ts'
import { cursorPage } from '../http/cursor-page.ts'
import { findChannel, findPlaylist, type PlaylistRow, resolveChannel } from '../rules/access.ts'
import {
  playlistVideoIds,
  renderPlaylist,
  resolvePlaylistVideos,
  setPlaylistVideos,
} from '../rules/playlist-videos.ts'
import { parseFields, renderVideos, type VideoRow } from '../rules/video-view.ts'
import { videoInPath } from './video-in-path.ts'

export function playlistRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox
  const reload = (id: number) =>
    db.prepare('SELECT * FROM playlists WHERE id = ?').get(id) as PlaylistRow
  const writable = (c: Context) => {
    const grant = authorize(db, c, ['playlists:write'])
    return { grant, playlist: findPlaylist(db, grant, c.req.param('playlist_id') as string) }
  }

  app.get('/api/v1/playlists', (c) => {
    const grant = authorize(db, c, ['playlists:read'])
    const query = c.req.query()
    const channel = resolveChannel(db, grant, query.channel_id)
    const archived = parseBoolean(query.archived, 'archived') ?? false
    const params: Record<string, unknown> = { channel: channel.id }
    let where = `channel_id = @channel AND archived_at IS ${archived ? 'NOT NULL' : 'NULL'}`
    if (query.q !== undefined && query.q !== '') {
      if (query.q.length > 200) throw badRequest('q must be at most 200 characters')
      where += ' AND instr(fold(name), @q) > 0'
      params.q = query.q.toLowerCase()
    }
    const page = cursorPage<PlaylistRow>(db, {
      query,
      path: '/api/v1/playlists',
      keep: ['channel_id', 'archived', 'q'],
      from: 'playlists',
      where,
      params,
    })
    const body: PlaylistList = {
      playlists: page.rows.map((row) => renderPlaylist(db, row, true)),
      links: { next: page.next },
      pagination: { cursor: page.cursor, has_more: page.hasMore },
      paging: { next: page.next ? `${sandbox.publicUrl()}${page.next}` : null },
    }
    return c.json(body)
  })

  app.post('/api/v1/playlists', async (c) => {
    const grant = authorize(db, c, ['playlists:write'])
    const input = validateBody<PlaylistCreate>('PlaylistCreate', await readJsonObject(c), {
      channel_id: 400,
    })
    const channel = findChannel(db, grant, input.channel_id)
    const videoIds = resolvePlaylistVideos(db, grant, input.video_ids ?? [])
    const id = db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare(
          'INSERT INTO playlists (public_id, business_id, channel_id, name, description, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          sandbox.ids(),
          grant.businessId,
          channel.id,
          input.name,
          input.description ?? null,
          Date.now(),
        )
      setPlaylistVideos(db, Number(lastInsertRowid), videoIds)
      return Number(lastInsertRowid)
    })()
    return c.json(renderPlaylist(db, reload(id), false), 201)
  })

  // Assumed: the stored order unfiltered, as the writes echo it.
  app.get('/api/v1/playlists/:playlist_id', (c) => {
    const grant = authorize(db, c, ['playlists:read'])
    const playlist = findPlaylist(db, grant, c.req.param('playlist_id'))
    return c.json(renderPlaylist(db, playlist, false))
  })

  app.patch('/api/v1/playlists/:playlist_id', async (c) => {
    const { grant, playlist } = writable(c)
    const input = validateBody<PlaylistUpdate>('PlaylistUpdate', await readJsonObject(c))
    const videoIds = input.video_ids ? resolvePlaylistVideos(db, grant, input.video_ids) : null
    db.transaction(() => {
      if (input.name !== undefined)
        db.prepare('UPDATE playlists SET name = ? WHERE id = ?').run(input.name, playlist.id)
      if (input.description !== undefined) {
        db.prepare('UPDATE playlists SET description = ? WHERE id = ?').run(
          input.description,
          playlist.id,
        )
      }
      if (videoIds) setPlaylistVideos(db, playlist.id, videoIds)
      db.prepare('UPDATE playlists SET updated_at = ? WHERE id = ?').run(Date.now(), playlist.id)
    })()
    return c.json(renderPlaylist(db, reload(playlist.id), false))
  })

  app.delete('/api/v1/playlists/:playlist_id', (c) => {
    const { playlist } = writable(c)
    db.transaction(() => {
      db.prepare('DELETE FROM playlist_videos WHERE playlist_id = ?').run(playlist.id)
      db.prepare('DELETE FROM playlists WHERE id = ?').run(playlist.id)
    })()
    return c.body(null, 204)
  })

  app.get('/api/v1/playlists/:playlist_id/videos', (c) => {
    const grant = authorize(db, c, ['playlists:read'])
    const playlist = findPlaylist(db, grant, c.req.param('playlist_id'))
    const query = c.req.query()
    const fields = parseFields(query.fields)
    const archived = parseBoolean(query.archived, 'archived') ?? false
    const pageSize = parsePageSize(query.page_size)
    if (query.page !== undefined && !/^[1-9]\d{0,8}$/.test(query.page))
      throw badRequest('page must be a positive integer')
    const page = Number(query.page ?? '1')
    const where = `pv.playlist_id = ? AND v.deleted_at IS NULL AND v.status = 'approved' AND v.archived_at IS ${archived ? 'NOT NULL' : 'NULL'}`
    const total = (
      db
        .prepare(
          `SELECT count(*) AS n FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id WHERE ${where}`,
        )
        .get(playlist.id) as {
        n: number
      }
    ).n
    const rows = db
      .prepare(
        `SELECT v.* FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id WHERE ${where} ORDER BY pv.position LIMIT ? OFFSET ?`,
      )
      .all(playlist.id, pageSize, (page - 1) * pageSize) as VideoRow[]
    const totalPages = Math.ceil(total / pageSize)
    const link = (target: number) =>
      withQuery(`/api/v1/playlists/${playlist.public_id}/videos`, {
        archived: query.archived,
        fields: query.fields,
        page: target,
        page_size: pageSize,
      })
    const next = page < totalPages ? link(page + 1) : null
    const prev = page > 1 && totalPages > 0 ? link(Math.min(page - 1, totalPages)) : null
    const body: PlaylistVideoList = {
      videos: renderVideos(db, rows, { fields, publicUrl: sandbox.publicUrl(), now: Date.now() }),
      links: { next, prev },
      pagination: {
        page,
        page_size: pageSize,
        total_pages: totalPages,
        total_entries: total,
        has_more: page < totalPages,
      },
      paging: {
        next: next ? `${sandbox.publicUrl()}${next}` : null,
        prev: prev ? `${sandbox.publicUrl()}${prev}` : null,
      },
    }
    return c.json(body)
  })

  // Adding a video already in the playlist moves it to the position.
  app.post('/api/v1/playlists/:playlist_id/videos', async (c) => {
    const { grant, playlist } = writable(c)
    const input = validateBody<PlaylistVideoAdd>('PlaylistVideoAdd', await readJsonObject(c), {
      video_id: 400,
      position: 400,
    })
    const [videoId] = resolvePlaylistVideos(db, grant, [input.video_id])
    const ids = playlistVideoIds(db, playlist.id).filter((id) => id !== videoId)
    ids.splice(Math.min(input.position ?? ids.length, ids.length), 0, videoId as number)
    db.transaction(() => setPlaylistVideos(db, playlist.id, ids))()
    return c.json(renderPlaylist(db, reload(playlist.id), false))
  })

  app.put('/api/v1/playlists/:playlist_id/videos', async (c) => {
    const { grant, playlist } = writable(c)
    const input = validateBody<PlaylistReorder>('PlaylistReorder', await readJsonObject(c))
    const ids = resolvePlaylistVideos(db, grant, input.video_ids)
    db.transaction(() => setPlaylistVideos(db, playlist.id, ids))()
    return c.json(renderPlaylist(db, reload(playlist.id), false))
  })

  app.delete('/api/v1/playlists/:playlist_id/videos/:video_id', (c) => {
    const { playlist } = writable(c)
    const video = db
      .prepare('SELECT id FROM videos WHERE public_id = ?')
      .get(c.req.param('video_id')) as { id: number } | undefined
    const ids = playlistVideoIds(db, playlist.id)
    if (video && ids.includes(video.id)) {
      db.transaction(() =>
        setPlaylistVideos(
          db,
          playlist.id,
          ids.filter((id) => id !== video.id),
        ),
      )()
    }
    return c.body(null, 204)
  })

  for (const [method, pinned] of [
    ['post', 1],
    ['delete', 0],
  ] as const) {
    app[method]('/api/v1/playlists/:playlist_id/videos/:video_id/pin', (c) => {
      const { grant, playlist } = writable(c)
      if (!playlist.ai_feed_enabled)
        throw unprocessable('Pinning needs a playlist with an AI feed enabled')
      const video = videoInPath(c, db, grant)
      const changed = db
        .prepare('UPDATE playlist_videos SET pinned = ? WHERE playlist_id = ? AND video_id = ?')
        .run(pinned, playlist.id, video.id)
      if (changed.changes === 0) throw notFound('Video in this playlist')
      return c.body(null, 204)
    })
  }
}
