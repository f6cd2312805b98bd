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
// the page and the service never share a session. Nor is Location: a redirect from the service
// must never send the browser (or its next request) anywhere the dashboard did not choose.
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
 * The upstream response headers the browser gets. Business data is answered to one signed-in
 * person: never cached unless the service says so, and never by a shared cache (`public`).
 */
export function browserResponseHeaders(upstream: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = pick(upstream, responseHeaders)
  const cacheControl = headers['cache-control']
  if (cacheControl === undefined) headers['cache-control'] = 'no-store'
  else if (/\bpublic\b/i.test(String(cacheControl))) headers['cache-control'] = 'private, no-store'
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
