import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { DashboardEnv } from '../http/context.ts'
import { type Logger, requestScope } from './logger.ts'
import type { Metrics } from './metrics.ts'

// A route whose path carries a secret is logged by its pattern alone.
const secretParameter = /:(token|secret)\b/

/**
 * One line per request once its answer has ended (method, route pattern, path without its
 * query, status, time, bytes sent), and the request metrics. Query strings, headers and bodies
 * are never logged. 499: the client went away before an answer was sent.
 */
export function accessLog(logger: Logger, metrics: Metrics): MiddlewareHandler<DashboardEnv> {
  return (c, next) => {
    const req = c.env.incoming
    const res = c.env.outgoing
    const started = process.hrtime.bigint()
    const socket = req.socket
    const bytesBefore = socket.bytesWritten
    // A client that goes away ends the answer outside the request's own async context.
    const scope = requestScope.getStore()
    res.once('close', () => {
      const method = req.method ?? 'GET'
      const route = routePath(c) || 'unmatched'
      const status = res.headersSent ? res.statusCode : 499
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const labels = { method, route, status: String(status) }
      metrics.httpRequests.inc(labels)
      metrics.httpDuration.observe(labels, seconds)
      const path = secretParameter.test(route) ? route : (req.url ?? '/').split('?', 1)[0]
      logger.info(
        {
          ...scope,
          method,
          route,
          path,
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
          bytes: socket.bytesWritten - bytesBefore,
        },
        'request',
      )
    })
    return next()
  }
}
