import type { Hono } from 'hono'
import { runOutcomes } from '../../../src/api/rules.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, refuse, requestUrl } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { placementOf } from './placements.ts'
import { knownRuleId, type RulesSource, rulesHandler } from './rules-http.ts'
import { listRuns, type RunFilter, readCursor, readRun } from './traces.ts'
import { writeRunsCsv } from './traces-csv.ts'

const outcomes: readonly string[] = [...runOutcomes, 'running']
const pageSizes = { default: 50, most: 100 }

/** The filter a query asks for, or the reason it is not one. */
function runFilter(url: URL): RunFilter | string {
  const text = (name: string) => url.searchParams.get(name) || undefined
  const outcome = text('outcome')
  if (outcome && !outcomes.includes(outcome)) return `outcome is one of ${outcomes.join(', ')}`
  const cursor = text('before')
  const before = cursor ? readCursor(cursor) : undefined
  if (before === null) return 'before is the `next` a page gave'
  const limit = Number(text('limit') ?? pageSizes.default)
  if (!Number.isInteger(limit) || limit < 1) return 'limit is a whole number from 1'
  const ids = ['rule_id', 'video_id'].map(text)
  if (ids.some((id) => id !== undefined && id.length > 100)) return 'ids are at most 100 characters'
  return {
    ruleId: ids[0],
    videoId: ids[1],
    outcome: outcome as RunFilter['outcome'],
    before,
    limit: Math.min(limit, pageSizes.most),
  }
}

/**
 * The rules' runs and what they placed (issue 37): everyone signed in reads the traces (filtered
 * by rule, video and outcome; a page at a time, or as CSV) and asks why a video is in a playlist
 * or tagged with a product; editors retry a run's failed steps.
 */
export function mountRunRoutes(app: Hono<DashboardEnv>, source: RulesSource) {
  app.get(
    '/runs',
    allow('viewer', 'dashboard.readRuleRuns'),
    rulesHandler(source, async ({ deps, req, c }) => {
      const filter = runFilter(requestUrl(req))
      if (typeof filter === 'string') return refuse(c, 400, filter)
      sendJson(c.env.outgoing, 200, await listRuns(deps.db, filter))
    }),
  )
  app.get(
    '/runs.csv',
    allow('viewer', 'dashboard.exportRuleRuns'),
    rulesHandler(source, async ({ deps, req, res, c }) => {
      const filter = runFilter(requestUrl(req))
      if (typeof filter === 'string') return refuse(c, 400, filter)
      await writeRunsCsv(res, deps.db, filter)
    }),
  )
  app.get(
    '/runs/:id',
    allow('viewer', 'dashboard.readRuleRuns'),
    rulesHandler(source, async ({ deps, id, c }) => {
      const run = knownRuleId(id) ? await readRun(deps.db, id) : null
      if (!run) return refuse(c, 404, 'No such run: its trace may be past its 90 days')
      sendJson(c.env.outgoing, 200, run)
    }),
  )
  app.post(
    '/runs/:id/retry',
    allow('editor', 'dashboard.retryRuleRun'),
    audited('dashboard.retryRuleRun'),
    rulesHandler(source, async ({ deps, id, person, c }) => {
      const run = knownRuleId(id) ? await readRun(deps.db, id) : null
      if (!run) return refuse(c, 404, 'No such run: its trace may be past its 90 days')
      if (!deps.engine) return refuse(c, 503, 'Rules do not run on this server')
      if (!(await deps.engine.retry(id, person)))
        return refuse(
          c,
          409,
          run.outcome === 'running'
            ? 'This run is still going'
            : 'Only a run with failed steps can be tried again',
        )
      sendJson(c.env.outgoing, 202, await readRun(deps.db, id))
    }),
  )
  app.get(
    '/why',
    allow('viewer', 'dashboard.readRuleRuns'),
    rulesHandler(source, async ({ deps, req, c }) => {
      const query = requestUrl(req).searchParams
      const videoId = query.get('video_id')
      const playlistId = query.get('playlist_id')
      const productId = query.get('product_id')
      if (!videoId || (playlistId === null) === (productId === null))
        return refuse(c, 400, 'Ask with video_id and either playlist_id or product_id')
      const target = playlistId !== null ? `playlist:${playlistId}` : `product:${productId}`
      const placement = await placementOf(deps.db, videoId, target)
      if (!placement) return refuse(c, 404, 'Not placed by a rule')
      sendJson(c.env.outgoing, 200, placement)
    }),
  )
}
