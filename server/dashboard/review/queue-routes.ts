import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { queueOrders } from '../../../src/api/review.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, requestUrl } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { readQueue } from './queue.ts'
import { type ReviewDeps, withService } from './review-context.ts'

const queueQuery = z.object({
  channel_id: z._default(z.string(), ''),
  order: z.optional(z.enum(queueOrders)),
  below_floor: z._default(z.enum(['true', 'false']), 'false'),
})

/**
 * `GET /queue?channel_id=&order=nearest|score|oldest&below_floor=true|false`: anyone signed in.
 * Without an order, nearest the threshold first (where a person's judgement is worth most) once
 * there is a threshold, else oldest first.
 */
export function mountQueue(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  app.get(
    '/queue',
    allow('viewer', 'dashboard.reviewQueue'),
    withService(deps, async ({ user, req, res, service }) => {
      const parsed = queueQuery.safeParse(Object.fromEntries(requestUrl(req).searchParams))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return sendError(res, 400, `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`)
      }
      const query = parsed.data
      const answer = await readQueue(deps, service, user, {
        channelId: query.channel_id,
        order: query.order,
        belowFloor: query.below_floor === 'true',
      })
      if ('refused' in answer) return sendError(res, answer.refused.status, answer.refused.error)
      sendJson(res, 200, answer)
    }),
  )
}
