import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import { requestScope } from './logger.ts'

// A proxy's or client's id is kept so one request can be followed across systems, but only a
// short plain one: anything else could carry a forged log line or fill the log.
const acceptable = /^[A-Za-z0-9._-]{1,64}$/

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && acceptable.test(header) ? header : randomUUID()
}

/**
 * Gives each request an id, sent back in `X-Request-Id` and put on every line logged while it
 * is served (through `requestScope`).
 */
export function requestId(): MiddlewareHandler<DashboardEnv> {
  return (c, next) => {
    const scope = { reqId: requestIdOf(c.env.incoming.headers['x-request-id']) }
    c.env.outgoing.setHeader('X-Request-Id', scope.reqId)
    return requestScope.run(scope, next)
  }
}
