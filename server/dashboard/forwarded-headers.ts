import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'

// Allow-lists rather than deny-lists: whatever is not named here (the browser's Authorization and
// Cookie, hop-by-hop headers, Origin and Sec-Fetch-*, Host) never crosses the dashboard.
const requestHeaders = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  'content-encoding',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'range',
  'idempotency-key',
]

// WWW-Authenticate is not passed: the scheme is the dashboard's business, and a Basic challenge
// would make the browser prompt for a password. Set-Cookie and CORS headers are not passed either:
// the page and the service never share a session.
const responseHeaders = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'pragma',
  'etag',
  'last-modified',
  'vary',
  'retry-after',
  'link',
  'location',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
]

export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  token: string,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = pick(incoming, requestHeaders)
  headers.authorization = `Bearer ${token}`
  headers['user-agent'] = 'shoppable-video-dashboard'
  return headers
}

/**
 * The upstream response headers the browser gets. Absolute locations inside the service's
 * `/api/v1/` become paths on the dashboard; business data is not cached unless the service says so.
 */
export function browserResponseHeaders(
  upstream: IncomingHttpHeaders,
  serviceBaseUrl: string,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = pick(upstream, responseHeaders)
  const location = headers.location
  if (typeof location === 'string' && location.startsWith(`${serviceBaseUrl}/api/v1/`)) {
    headers.location = location.slice(serviceBaseUrl.length)
  }
  headers['cache-control'] ??= 'no-store'
  return headers
}

function pick(headers: IncomingHttpHeaders, names: readonly string[]): OutgoingHttpHeaders {
  const picked: OutgoingHttpHeaders = {}
  for (const name of names) {
    const value = headers[name]
    if (value !== undefined) picked[name] = value
  }
  return picked
}
