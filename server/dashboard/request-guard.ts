import type { IncomingMessage } from 'node:http'
import { isIPv4 } from 'node:net'

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
 * Why a request must be refused, or null. The dashboard acts with the business's full authority
 * and has no sign-in yet, so two things a hostile web page could do are stopped: reach a loopback
 * dashboard through a DNS name rebound to 127.0.0.1 (the Host header gives it away), and make the
 * browser call the API cross-site (a form post needs no CORS permission).
 */
export function refusalOf(req: IncomingMessage, loopbackOnly: boolean): string | null {
  const host = req.headers.host
  if (loopbackOnly && host !== undefined && !isLoopbackHost(hostnameOf(host))) {
    return 'This dashboard answers only at a loopback address such as localhost'
  }
  if (!(req.url ?? '').startsWith('/api/')) return null
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return 'Cross-site requests to the dashboard API are refused'
  }
  const origin = req.headers.origin
  if (origin !== undefined && originHost(origin) !== host) {
    return 'Cross-origin requests to the dashboard API are refused'
  }
  return null
}

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}
