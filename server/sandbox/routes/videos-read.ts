import type { Hono } from 'hono'
import type { VideoList } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest } from '../http/api-error.ts'
import {
  decodeCursor,
  encodeCursor,
  parseBoolean,
  parsePageSize,
  withQuery,
} from '../http/cursor.ts'
import { resolveChannel } from '../rules/access.ts'
import { parseFields, renderVideos, type VideoRow } from '../rules/video-view.ts'
import type { VideoFilter } from '../search/video-search-index.ts'
import { videoInPath } from './video-in-path.ts'

const statuses = new Set(['pending', 'approved', 'errored'])
const accesses = new Set(['public', 'private', 'unlisted'])
const videoTypes = new Set(['video', 'live_stream'])

export function videoReadRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox
  const readPending = db.prepare(
    `SELECT DISTINCT video_id FROM product_matches WHERE status = 'pending'`,
  )
  // The assumed review-queue filter: videos with a pending AI match, read fresh per request.
  const pendingMatchVideos = () =>
    new Set((readPending.all() as Array<{ video_id: number }>).map((row) => row.video_id))

  app.get('/api/v1/videos', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const query = c.req.query()
    const fields = parseFields(query.fields)
    const pageSize = parsePageSize(query.page_size)
    if (query.after !== undefined && query.before !== undefined) {
      throw badRequest('after and before are mutually exclusive')
    }
    const channel = resolveChannel(db, grant, query.channel_id)
    const filter: VideoFilter = {
      channelId: channel.id,
      archived: parseBoolean(query.archived, 'archived') ?? false,
      status: oneOf(query.status, statuses, 'status'),
      access: oneOf(query.access, accesses, 'access'),
      videoType: oneOf(query.video_type, videoTypes, 'video_type'),
      published: parseBoolean(query.published, 'published'),
    }
    const pending = sandbox.config.documentedOnly
      ? undefined
      : parseBoolean(query.has_pending_matches, 'has_pending_matches')
    if (pending !== undefined) filter.within = { ids: pendingMatchVideos(), exclude: !pending }
    if (query.hashtag !== undefined) {
      if (query.hashtag === '' || query.hashtag.length > 100)
        throw badRequest('hashtag must be 1 to 100 characters')
      filter.hashtag = query.hashtag.toLowerCase()
    }
    if (query.q !== undefined && query.q !== '') {
      if (query.q.length > 200) throw badRequest('q must be at most 200 characters')
      filter.q = query.q.toLowerCase()
    }
    const direction = query.after !== undefined ? 'after' : 'before'
    const cursorValue = query.after ?? query.before
    const now = Date.now()
    const page = sandbox.videoIndex.page({
      filter,
      now,
      pageSize,
      cursor:
        cursorValue === undefined
          ? undefined
          : { direction, id: decodeCursor(cursorValue, direction) },
    })
    const rows = page.ids.length
      ? (db.prepare(`SELECT * FROM videos WHERE id IN (${page.ids.join(',')})`).all() as VideoRow[])
      : []
    const byId = new Map(rows.map((row) => [row.id, row]))
    const last = page.ids.at(-1)
    const cursor = page.hasMore && last !== undefined ? encodeCursor(last) : null
    const kept = [
      'channel_id',
      'status',
      'access',
      'video_type',
      'hashtag',
      'q',
      'archived',
      'published',
      'has_pending_matches',
      'fields',
    ]
    const next = cursor
      ? withQuery('/api/v1/videos', {
          ...Object.fromEntries(kept.map((key) => [key, query[key]])),
          page_size: pageSize,
          [direction]: cursor,
        })
      : null
    const body: VideoList = {
      videos: renderVideos(
        db,
        page.ids.map((id) => byId.get(id) as VideoRow),
        { fields, publicUrl: sandbox.publicUrl(), now },
      ),
      links: { next },
      pagination: { cursor, has_more: page.hasMore, total_entries: page.total },
      paging: { next: next ? `${sandbox.publicUrl()}${next}` : null },
    }
    return c.json(body)
  })

  app.get('/api/v1/videos/:video_id', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const fields = parseFields(c.req.query('fields'))
    const video = videoInPath(c, db, grant)
    const [body] = renderVideos(db, [video], {
      fields,
      publicUrl: sandbox.publicUrl(),
      now: Date.now(),
    })
    return c.json(body)
  })
}

function oneOf(value: string | undefined, allowed: Set<string>, name: string): string | undefined {
  if (value !== undefined && !allowed.has(value))
    throw badRequest(`${name} must be one of ${[...allowed].join(', ')}`)
  return value
}
