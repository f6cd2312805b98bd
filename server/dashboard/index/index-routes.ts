import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import type { DashboardDb } from '../db/database.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { findVideos, indexStatus } from './index-queries.ts'
import type { MerchIndex } from './merch-index.ts'
import { brokenTags } from './tag-health.ts'

const videosQuery = z.object({
  channel_id: z.string().check(z.minLength(1)),
  product_id: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
  match: z._default(z.enum(['any', 'all']), 'any'),
  untagged: z._default(z.enum(['true', 'false']), 'false'),
  after: z.optional(z.string().check(z.maxLength(200))),
  page_size: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
})

/** The index's answers over HTTP: `/api/dashboard/index/*`, for anyone signed in. */
export function createIndexRoutes(db: DashboardDb, index: MerchIndex) {
  return {
    async status(_req: IncomingMessage, res: ServerResponse) {
      sendJson(res, 200, await indexStatus(db, index.lastEventAt()))
    },
    async videos(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const params = url.searchParams
      const parsed = videosQuery.safeParse({
        channel_id: params.get('channel_id') ?? '',
        product_id: params.getAll('product_id'),
        match: params.get('match') ?? undefined,
        untagged: params.get('untagged') ?? undefined,
        after: params.get('after') ?? undefined,
        page_size: params.get('page_size') ?? undefined,
      })
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return sendError(res, 400, `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`)
      }
      const query = parsed.data
      const found = await findVideos(db, {
        channelId: query.channel_id,
        tags: query.product_id,
        match: query.match,
        untagged: query.untagged === 'true',
        after: query.after ?? null,
        pageSize: query.page_size,
      })
      sendJson(res, 200, { ...found, index: await indexStatus(db, index.lastEventAt()) })
    },
    /** Tags whose product no longer sells, by video, with a replacement where one exists. */
    async tagHealth(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const channelId = url.searchParams.get('channel_id') || null
      const videoId = url.searchParams.get('video_id') || null
      if (!channelId && !videoId)
        return sendError(res, 400, 'Invalid query: name a channel_id or a video_id')
      const tags = await brokenTags(db, channelId, videoId ? { videoId } : {})
      sendJson(res, 200, { tags, index: await indexStatus(db, index.lastEventAt()) })
    },
    /** Admins start a reconcile now; 409 while one is running on any replica. */
    async reconcile(_req: IncomingMessage, res: ServerResponse) {
      const pass = await index.startPass()
      if (!pass.started) return sendError(res, 409, 'The index is already being updated')
      sendJson(res, 202, { started: true })
    },
  }
}

export type IndexRoutes = ReturnType<typeof createIndexRoutes>
