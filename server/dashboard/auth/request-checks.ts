import type { IncomingMessage } from 'node:http'

export const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Why a state-changing request must be refused, or null: it must come from the dashboard's own
 * pages (same-origin `Origin`, or `Sec-Fetch-Site: same-origin`) and carry `X-Dashboard-Request: 1`,
 * which a cross-site form cannot send and a cross-site script cannot send without a CORS
 * preflight the dashboard never grants. Sign-in is `lenient`: scripts post it with neither
 * header, and only a browser's word that it comes from another site refuses it.
 */
export function crossSiteRefusal(
  req: IncomingMessage,
  origin: string,
  mode: 'strict' | 'lenient' = 'strict',
): string | null {
  const site = req.headers['sec-fetch-site']
  const claimed = req.headers.origin
  const crossSite =
    (claimed !== undefined && claimed !== origin) ||
    (site !== undefined && site !== 'same-origin' && !(mode === 'lenient' && site === 'none'))
  if (crossSite) return 'Requests from other sites are refused'
  if (mode === 'lenient') return null
  if (claimed === undefined && site !== 'same-origin') {
    return 'This request must say where it comes from (Origin)'
  }
  if (req.headers['x-dashboard-request'] !== '1') {
    return 'This request must come from the dashboard app (X-Dashboard-Request: 1)'
  }
  return null
}

/** The browser's address: the socket's, or the last proxy's word for it with TRUST_PROXY. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined
  const last = typeof forwarded === 'string' ? forwarded.split(',').pop()?.trim() : undefined
  return last || req.socket.remoteAddress || 'unknown'
}

export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true
  return trustProxy && req.headers['x-forwarded-proto'] === 'https'
}

export interface TransportFacts {
  /** DASHBOARD_PUBLIC_URL's origin: an https one is how people reach the dashboard. */
  publicOrigin: string | null
  trustProxy: boolean
  /** The server listens only on loopback, a secure context for browsers. */
  loopback: boolean
}

/**
 * Whether the browser reached the dashboard over https (HSTS is sent then): an https public URL
 * means a TLS proxy in front, whether or not TRUST_PROXY says so.
 */
export const reachedOverHttps = (facts: TransportFacts) => (req: IncomingMessage) =>
  facts.publicOrigin?.startsWith('https:') === true || isHttps(req, facts.trustProxy)

/** Cookies are `Secure` (and `__Host-`) over https and on loopback. */
export const secureCookies = (facts: TransportFacts) => {
  const https = reachedOverHttps(facts)
  return (req: IncomingMessage) => facts.loopback || https(req)
}

/** A small body (sign-in forms, account changes), JSON or URL-encoded, or null if unreadable. */
export async function readSmallForm(
  req: IncomingMessage,
  limit = 16 * 1024,
): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) return null
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  const type = req.headers['content-type'] ?? ''
  try {
    if (type.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text))
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
