import type { IncomingMessage, ServerResponse } from 'node:http'

const ALLOWED_METHODS = 'GET, PUT, POST, HEAD, DELETE'
// ETag for multipart completion; Location is where a form (POST policy) upload put the object,
// which @uppy/aws-s3 reads after a single upload.
const EXPOSED_HEADERS =
  'ETag, Location, x-amz-request-id, Content-Range, Content-Length, Accept-Ranges'
const PREFLIGHT_MAX_AGE_S = '3000'

/** Browsers upload straight to the store, so every answer, errors included, allows any origin. */
export function applyCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS)
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requestedHeaders = req.headers['access-control-request-headers']
  res.writeHead(200, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    ...(requestedHeaders ? { 'Access-Control-Allow-Headers': requestedHeaders } : {}),
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_S,
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    'Content-Length': 0,
  })
  res.end()
}
