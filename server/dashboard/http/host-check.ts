import type { IncomingMessage } from 'node:http'
import { isIPv4 } from 'node:net'
import type { MiddlewareHandler } from 'hono'
import { type DashboardEnv, refuse } from './context.ts'

/** True for addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    (isIPv4(bare) && bare.startsWith('127.'))
  )
}

/**
 * Why a request must be refused, or null. A hostile page can reach the dashboard through a DNS name
 * rebound to its address; the Host header gives that away, so only loopback names and the public
 * address (`DASHBOARD_PUBLIC_URL`) are answered.
 */
export function refusalOf(req: IncomingMessage, publicOrigin: string | null): string | null {
  const host = req.headers.host
  if (host === undefined) return 'A request must name the host it is for'
  if (isLoopbackHost(hostnameOf(host))) return null
  if (publicOrigin !== null && host.toLowerCase() === new URL(publicOrigin).host) return null
  return publicOrigin
    ? `This dashboard answers only at ${publicOrigin}`
    : 'This dashboard answers only at a loopback address such as localhost'
}

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
}

/** Refuses a request for any host but loopback names and the public address (DNS rebinding). */
export function hostCheck(publicOrigin: string | null): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const refusal = refusalOf(c.env.incoming, publicOrigin)
    if (refusal) return refuse(c, 403, refusal)
    await next()
  }
}
