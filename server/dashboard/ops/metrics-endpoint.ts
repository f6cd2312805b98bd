import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Handler } from 'hono'
import type { Registry } from 'prom-client'
import { type DashboardEnv, refuse } from '../http/context.ts'
import { isLoopbackHost } from '../http/host-check.ts'

/**
 * `GET /metrics` in Prometheus text format, for a scraper on this machine or one sending
 * `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the 404 of a path that does not exist.
 */
export function metricsEndpoint(
  registry: Registry,
  token: string | undefined,
): Handler<DashboardEnv> {
  return async (c) => {
    const req = c.env.incoming
    if (!fromThisMachine(req) && !bearerMatches(req.headers.authorization, token)) {
      return refuse(c, 404, 'Not found')
    }
    const body = await registry.metrics()
    c.env.outgoing
      .writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
      .end(body)
    return RESPONSE_ALREADY_SENT
  }
}

// A proxy on this machine connects from loopback too: a request that names a public host or
// carries a proxy's forwarding header came from elsewhere, whatever TRUST_PROXY says.
function fromThisMachine(req: IncomingMessage): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
  const host = req.headers.host ?? ''
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]
  return (
    isLoopbackHost(address) &&
    isLoopbackHost(hostname ?? '') &&
    req.headers['x-forwarded-for'] === undefined &&
    req.headers.forwarded === undefined &&
    req.headers['x-real-ip'] === undefined
  )
}

function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1]
  if (!token || !given) return false
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(token))
}
