import type { Hono } from 'hono'
import type { VideoList } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest } from '../http/api-error.ts'
import { parseBoolean } from '../http/cursor.ts'
import { cursorPage } from '../http/cursor-page.ts'
import { findVideoId, resolveChannel } from '../rules/access.ts'
import { loadVideoRow, parseFields, renderVideos, type VideoRow } from '../rules/video-view.ts'

const statuses = new Set(['pending', 'approved', 'errored'])
const accesses = new Set(['public', 'private', 'unlisted'])
const videoTypes = new Set(['video', 'live_stream'])

export function videoReadRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  app.get('/api/v1/videos', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const query = c.req.query()
    const fields = parseFields(query.fields)
    const channel = resolveChannel(db, grant, query.channel_id)
    const now = Date.now()

    const where = ['v.channel_id = @channel', 'v.deleted_at IS NULL']
    const params: Record<string, unknown> = { channel: channel.id, now }
    where.push(
      parseBoolean(query.archived, 'archived')
        ? 'v.archived_at IS NOT NULL'
        : 'v.archived_at IS NULL',
    )
    enumFilter(query.status, statuses, 'status', 'v.status', where, params)
    enumFilter(query.access, accesses, 'access', 'v.access', where, params)
    enumFilter(query.video_type, videoTypes, 'video_type', 'v.video_type', where, params)
    const published = parseBoolean(query.published, 'published')
    if (published === true) where.push('v.published_at IS NOT NULL AND v.published_at <= @now')
    if (published === false) where.push('(v.published_at IS NULL OR v.published_at > @now)')
    if (query.hashtag !== undefined) {
      if (query.hashtag === '' || query.hashtag.length > 100)
        throw badRequest('hashtag must be 1 to 100 characters')
      where.push('v.id IN (SELECT video_id FROM video_hashtags WHERE tag_lower = @hashtag)')
      params.hashtag = query.hashtag.toLowerCase()
    }
    if (query.q !== undefined && query.q !== '') {
      if (query.q.length > 200) throw badRequest('q must be at most 200 characters')
      where.push(captionFilter(query.q, params))
    }

    const filtered = where.join(' AND ')
    const total = (
      db.prepare(`SELECT count(*) AS n FROM videos v WHERE ${filtered}`).get(params) as {
        n: number
      }
    ).n
    const page = cursorPage<VideoRow>(db, {
      query,
      path: '/api/v1/videos',
      keep: [
        'channel_id',
        'status',
        'access',
        'video_type',
        'hashtag',
        'q',
        'archived',
        'published',
        'fields',
      ],
      from: 'videos v',
      select: 'v.*',
      idColumn: 'v.id',
      where: filtered,
      params,
    })
    const next = page.next
    const body: VideoList = {
      videos: renderVideos(db, page.rows, { fields, publicUrl: sandbox.publicUrl(), now }),
      links: { next },
      pagination: { cursor: page.cursor, has_more: page.hasMore, total_entries: total },
      paging: { next: next ? `${sandbox.publicUrl()}${next}` : null },
    }
    return c.json(body)
  })

  app.get('/api/v1/videos/:video_id', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const fields = parseFields(c.req.query('fields'))
    const video = findVideoId(db, grant, c.req.param('video_id'))
    const [body] = renderVideos(db, [loadVideoRow(db, video.id)], {
      fields,
      publicUrl: sandbox.publicUrl(),
      now: Date.now(),
    })
    return c.json(body)
  })
}

function enumFilter(
  value: string | undefined,
  allowed: Set<string>,
  name: string,
  column: string,
  where: string[],
  params: Record<string, unknown>,
) {
  if (value === undefined) return
  if (!allowed.has(value)) throw badRequest(`${name} must be one of ${[...allowed].join(', ')}`)
  where.push(`${column} = @${name}`)
  params[name] = value
}

// Substrings of three or more characters go through the trigram index; the index treats its
// query as a literal phrase, so % and _ need no escaping. Shorter ones use instr(), also literal.
function captionFilter(q: string, params: Record<string, unknown>): string {
  if ([...q].length >= 3) {
    params.q = `"${q.replaceAll('"', '""')}"`
    return 'v.id IN (SELECT rowid FROM videos_caption_fts WHERE videos_caption_fts MATCH @q)'
  }
  params.q = q.toLowerCase()
  return 'instr(lower(v.caption), @q) > 0'
}
