import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, raw, requestUrl } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { periodMs, periodQuery, readQuery } from './calibration-query.ts'
import type { ReviewDb, ReviewDeps } from './review-context.ts'
import { readReviewers } from './reviewers.ts'

const reviewersQuery = z.object(periodQuery)

/** Videos' captions as the dashboard's index last read them (null where it has none). */
const captionsFrom = (db: ReviewDb) => async (videoIds: readonly string[]) => {
  if (videoIds.length === 0) return new Map<string, string | null>()
  const rows = await db
    .selectFrom('indexed_videos')
    .select(['id', 'caption'])
    .where('id', 'in', videoIds)
    .execute()
  return new Map(rows.map((row) => [row.id, row.caption]))
}

/** `GET /reviewers?from=&to=`: anyone signed in reads it; admins settle from it (elsewhere). */
export function mountReviewers(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  app.get(
    '/reviewers',
    allow('viewer', 'dashboard.reviewReviewers'),
    raw(async (req, res) => {
      const query = readQuery(reviewersQuery, requestUrl(req), res)
      if (!query) return
      const reads = deps.reads?.() ?? deps.db
      sendJson(res, 200, await readReviewers(reads, periodMs(query), captionsFrom(reads)))
    }),
  )
}
