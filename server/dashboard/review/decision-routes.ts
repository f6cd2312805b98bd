import type { ServerResponse } from 'node:http'
import type { Hono } from 'hono'
import {
  decisionChangeSchema,
  decisionsSubmitSchema,
  settleSchema,
} from '../../../src/api/review.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import { ServiceReadError } from '../forwarding/service-client.ts'
import { ServiceError } from '../forwarding/service-error.ts'
import type { DashboardEnv } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { changeDecision, undoBatch } from './changes.ts'
import { decideVideo } from './decisions.ts'
import { settleDisagreement } from './double-review.ts'
import { ledgerEntry, recentOf } from './ledger.ts'
import { idShape, type ReviewDeps, readBody, signedIn, withService } from './review-context.ts'

/**
 * The service refused or failed: nothing was recorded, and its words are passed on. A refusal of
 * the dashboard's own token is the dashboard's trouble, not the person's session.
 */
function serviceFailure(res: ServerResponse, error: unknown) {
  if (error instanceof ServiceError) return sendError(res, error.status, error.message)
  if (!(error instanceof ServiceReadError)) throw error
  const words = error.serviceMessage ?? `it answered ${error.status}`
  if (error.status === 401 || error.status === 403)
    return sendError(res, 502, `The service refused the dashboard's token: ${words}`)
  const status = error.status >= 500 ? 502 : error.status
  sendError(res, status, `The service refused the decisions, so none was recorded: ${words}`)
}

/** Runs a change against the service, answering its outcome or the service's refusal. */
async function answer(
  res: ServerResponse,
  run: () => Promise<{ ok: unknown } | { refused: { status: number; error: string } }>,
) {
  try {
    const outcome = await run()
    if ('refused' in outcome) return sendError(res, outcome.refused.status, outcome.refused.error)
    sendJson(res, 200, outcome.ok)
  } catch (error) {
    serviceFailure(res, error)
  }
}

const badId = (res: ServerResponse, what: string) =>
  sendError(
    res,
    404,
    `No such ${what}: an ID is up to 100 letters, digits, dots, dashes and underscores`,
  )

/**
 * The ledger's routes: editors decide, change their last ten and undo a batch; admins settle
 * disagreements; anyone signed in reads a video's ledger and their own last ten.
 */
export function mountDecisions(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  app.post(
    '/videos/:id/decisions',
    allow('editor', 'dashboard.reviewDecide'),
    audited('dashboard.reviewDecide'),
    withService(deps, async ({ user, req, res, c, service }) => {
      const videoId = c.req.param('id') ?? ''
      if (!idShape.test(videoId)) return badId(res, 'video')
      const body = await readBody(decisionsSubmitSchema, req, res, 'the decisions')
      if (!body) return
      await answer(res, () => decideVideo(deps, service, user, videoId, body))
    }),
  )
  app.get(
    '/videos/:id/ledger',
    allow('viewer', 'dashboard.reviewLedger'),
    signedIn(async ({ res, c }) => {
      const rows = await deps.db
        .selectFrom('review_decisions')
        .selectAll()
        .where('video_id', '=', c.req.param('id') ?? '')
        .orderBy('seq', 'desc')
        .limit(500)
        .execute()
      sendJson(res, 200, { decisions: rows.map(ledgerEntry) })
    }),
  )
  app.get(
    '/recent',
    allow('viewer', 'dashboard.reviewRecent'),
    signedIn(async ({ user, res }) => {
      const rows = await recentOf(deps.db, user.id)
      sendJson(res, 200, { decisions: rows.map(ledgerEntry) })
    }),
  )
  app.put(
    '/decisions/:id',
    allow('editor', 'dashboard.reviewChangeDecision'),
    audited('dashboard.reviewChangeDecision'),
    withService(deps, async ({ user, req, res, c, service }) => {
      const body = await readBody(decisionChangeSchema, req, res, 'the decision')
      if (!body) return
      const id = c.req.param('id') ?? ''
      await answer(res, () => changeDecision(deps, service, user, id, body.decision))
    }),
  )
  app.post(
    '/batches/:id/undo',
    allow('editor', 'dashboard.reviewUndoBatch'),
    audited('dashboard.reviewUndoBatch'),
    withService(deps, async ({ user, res, c, service }) => {
      const id = c.req.param('id') ?? ''
      await answer(res, () => undoBatch(deps, service, user, id))
    }),
  )
  app.post(
    '/disagreements/:videoId/settle',
    allow('admin', 'dashboard.reviewSettle'),
    audited('dashboard.reviewSettle'),
    withService(deps, async ({ user, req, res, c, service }) => {
      const videoId = c.req.param('videoId') ?? ''
      if (!idShape.test(videoId)) return badId(res, 'video')
      const body = await readBody(settleSchema, req, res, 'the settled products')
      if (!body) return
      await answer(res, () => settleDisagreement(deps, service, user, videoId, body.product_ids))
    }),
  )
}
