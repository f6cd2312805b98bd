import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import type { Metrics } from './metrics.ts'

/** Runs `count` with a route's status once its answer is sent (the handlers write it raw). */
const countAnswers =
  (count: (status: number) => void): MiddlewareHandler<DashboardEnv> =>
  (c, next) => {
    const res = c.env.outgoing
    res.once('finish', () => count(res.statusCode))
    return next()
  }

/** Webhook deliveries by their answer: accepted (2xx), or refused with its status. */
export const countWebhooks = (metrics: Metrics) =>
  countAnswers((status) => {
    if (status < 300) metrics.webhooksReceived.inc()
    else metrics.webhooksRefused.inc({ status: String(status) })
  })

/** Sign-ins refused for a wrong email or password (401), and refused by a limit (429). */
export const countSignIns = (metrics: Metrics) =>
  countAnswers((status) => {
    if (status === 401) metrics.signInFailures.inc()
    else if (status === 429) metrics.signInLimited.inc()
  })
