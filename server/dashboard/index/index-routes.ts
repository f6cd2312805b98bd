import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { readinessChecks, readinessSettingsSchema } from '../../../src/api/merch-index.ts'
import { readSmallForm } from '../auth/request-checks.ts'
import type { DashboardDb } from '../db/database.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { createIndexAnswers } from './index-answers.ts'
import type { MerchIndex } from './merch-index.ts'
import { parseQuery } from './parse-query.ts'
import { readinessSettings, saveReadinessSettings } from './readiness.ts'
import { createSubtitleChecks } from './subtitle-checks.ts'

const videosQuery = z.object({
  channel_id: z.string().check(z.minLength(1)),
  product_id: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
  match: z._default(z.enum(['any', 'all']), 'any'),
  untagged: z._default(z.enum(['true', 'false']), 'false'),
  state: z.optional(z.enum(['draft', 'scheduled', 'live'])),
  attention: z._default(z.enum(['true', 'false']), 'false'),
  q: z.optional(z.string().check(z.maxLength(200))),
  after: z.optional(z.string().check(z.maxLength(200))),
  page_size: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
})

/** The index's answers over HTTP: `/api/dashboard/index/*`, for anyone signed in. */
export function createIndexRoutes(
  db: DashboardDb,
  index: MerchIndex,
  reader: ServiceReader,
  options: { reads?: DashboardDb; summaryMaxAgeMs?: number } = {},
) {
  const answers = createIndexAnswers({
    db,
    reads: options.reads ?? db,
    index,
    subtitles: createSubtitleChecks({ reader, changes: index.changes }),
    ...(options.summaryMaxAgeMs ? { summaryMaxAgeMs: options.summaryMaxAgeMs } : {}),
  })
  return {
    async status(_req: IncomingMessage, res: ServerResponse) {
      sendJson(res, 200, await answers.status())
    },
    async videos(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const params = url.searchParams
      const query = parseQuery(
        videosQuery,
        {
          channel_id: params.get('channel_id') ?? '',
          product_id: params.getAll('product_id'),
          match: params.get('match') ?? undefined,
          untagged: params.get('untagged') ?? undefined,
          state: params.get('state') ?? undefined,
          attention: params.get('attention') ?? undefined,
          q: params.get('q') ?? undefined,
          after: params.get('after') ?? undefined,
          page_size: params.get('page_size') ?? undefined,
        },
        res,
      )
      if (!query) return
      const found = await answers.videos({
        channelId: query.channel_id,
        tags: query.product_id,
        match: query.match,
        untagged: query.untagged === 'true',
        state: query.state,
        ...(query.q ? { q: query.q } : {}),
        attention: query.attention === 'true' ? (await readinessSettings(db)).required : undefined,
        after: query.after ?? null,
        pageSize: query.page_size,
      })
      sendJson(res, 200, { ...found, index: await answers.status() })
    },
    /** A channel's day at a glance: videos by state, the next 14 days' schedule, what needs a look. */
    async summary(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const channelId = url.searchParams.get('channel_id')
      if (!channelId) return sendError(res, 400, 'Invalid channel_id: a channel is required')
      const [summary, status] = await Promise.all([answers.summary(channelId), answers.status()])
      sendJson(res, 200, { ...summary, index: status })
    },
    /** Tags whose product no longer sells, by video, with a replacement where one exists. */
    async tagHealth(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const channelId = url.searchParams.get('channel_id') || null
      const videoId = url.searchParams.get('video_id') || null
      if (!channelId && !videoId)
        return sendError(res, 400, 'Invalid query: name a channel_id or a video_id')
      const tags = await answers.brokenTags(channelId, videoId)
      sendJson(res, 200, { tags, index: await answers.status() })
    },
    /** What the team's required checks find on each video named (`video_id`, up to 100). */
    async readiness(_req: IncomingMessage, res: ServerResponse, url: URL) {
      const ids = [...new Set(url.searchParams.getAll('video_id'))]
      if (ids.length === 0 || ids.length > 100)
        return sendError(res, 400, 'Invalid video_id: name 1 to 100 videos')
      sendJson(res, 200, await answers.readiness(ids))
    },
    /** The team's required checks (GET; HEAD too, as Hono answers it with the GET route). */
    async readinessSettings(_req: IncomingMessage, res: ServerResponse) {
      sendJson(res, 200, await readinessSettings(db))
    },
    /** Admins change the team's required checks (PUT), `by` kept beside them. */
    async saveReadinessSettings(req: IncomingMessage, res: ServerResponse, by: string) {
      const parsed = readinessSettingsSchema.safeParse(await readSmallForm(req))
      if (!parsed.success)
        return sendError(
          res,
          400,
          `Invalid required: name checks among ${readinessChecks.join(', ')}`,
        )
      await saveReadinessSettings(db, parsed.data, by)
      sendJson(res, 200, await readinessSettings(db))
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
