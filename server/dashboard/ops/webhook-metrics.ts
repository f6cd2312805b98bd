import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import type { Metrics } from './metrics.ts'

/** Counts webhook deliveries by their answer: accepted (2xx), or refused with its status. */
export function countWebhooks(metrics: Metrics): MiddlewareHandler<DashboardEnv> {
  return (c, next) => {
    const res = c.env.outgoing
    res.once('finish', () => {
      if (res.statusCode < 300) metrics.webhooksReceived.inc()
      else metrics.webhooksRefused.inc({ status: String(res.statusCode) })
    })
    return next()
  }
}
