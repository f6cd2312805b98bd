import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { decisionSourceValues } from '../../../src/api/review.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, requestUrl } from '../http/context.ts'
import { csvLine } from '../http/csv.ts'
import { periodMs, periodQuery, readQuery } from './calibration-query.ts'
import { type ReviewDeps, signedIn } from './review-context.ts'

const pageSize = 1000

const csvQuery = z.object({
  ...periodQuery,
  source: z.optional(z.enum(decisionSourceValues)),
})

const columns = [
  'id',
  'batch_id',
  'decided_at',
  'video_id',
  'channel_id',
  'match_id',
  'product_id',
  'store_id',
  'category',
  'score',
  'band',
  'rank',
  'decision',
  'source',
  'seen',
  'reviewer_email',
  'ms_taken',
  'undone_at',
  'undone_by',
] as const

/**
 * `GET /ledger.csv?from=&to=&source=`: every decision recorded, oldest first, for anyone signed
 * in. Written a page at a time, so a long ledger is neither held in memory nor read in one query.
 */
export function mountLedgerCsv(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  app.get(
    '/ledger.csv',
    allow('viewer', 'dashboard.reviewLedgerCsv'),
    signedIn(async ({ req, res }) => {
      const query = readQuery(csvQuery, requestUrl(req), res)
      if (!query) return
      const { fromMs, toMs } = periodMs(query)
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="review-ledger.csv"',
        'Cache-Control': 'no-store',
      })
      if (req.method === 'HEAD') return res.end()
      res.write(csvLine(columns))
      let after = 0
      for (;;) {
        let page = deps.db
          .selectFrom('review_decisions')
          .select(['seq', ...columns])
          .where('seq', '>', after)
        if (fromMs !== undefined) page = page.where('decided_ms', '>=', fromMs)
        if (toMs !== undefined) page = page.where('decided_ms', '<', toMs)
        if (query.source) page = page.where('source', '=', query.source)
        const rows = await page.orderBy('seq', 'asc').limit(pageSize).execute()
        for (const row of rows) res.write(csvLine(columns.map((column) => row[column])))
        const last = rows.at(-1)
        if (!last || rows.length < pageSize || res.destroyed) break
        after = Number(last.seq)
        // Let the socket drain before the next page.
        if (res.writableNeedDrain) await new Promise((resolve) => res.once('drain', resolve))
      }
      res.end()
    }),
  )
}
