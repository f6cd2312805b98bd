import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib'
import { preferredEncoding } from '../http/accept-encoding.ts'
import { sendError } from '../http/json-response.ts'
import type { Logger } from '../ops/logger.ts'
import { browserResponseHeaders, upstreamRequestHeaders } from './forwarded-headers.ts'
import { BodyTooLarge, readForwardedBody } from './request-body.ts'
import { ServiceError } from './service-error.ts'
import type { ServiceTokens } from './service-tokens.ts'
import { sendUpstream, type UpstreamAgents } from './upstream-request.ts'

export interface ApiForwarderOptions {
  /** The service's base URL without a trailing slash; may carry a path prefix. */
  serviceBaseUrl: string
  tokens: ServiceTokens
  agents: UpstreamAgents
  timeoutMs: number
  /** Bodies up to this size are held so the request can be replayed after a token renewal. */
  replayLimitBytes: number
  logger: Logger
  /** Told how each request to the service went (metrics). */
  upstream?: UpstreamObserver
  /** Shown the answers it asks for (the merchandising index learns from the dashboard's writes). */
  answers?: AnswerObserver
}

export interface AnswerObserver {
  wants(method: string, pathname: string): boolean
  /** A successful answer's JSON body (up to 1 MiB), and when its request was sent (ms). */
  seen(method: string, pathname: string, body: Buffer, sentAt: number): void
}

const observedLimitBytes = 1024 * 1024

export interface UpstreamObserver {
  answered(status: number, seconds: number): void
  failed(kind: 'timeout' | 'unreachable', seconds: number): void
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/**
 * Forwards a browser request under /api/v1/ to the service with the dashboard's token. A 401
 * renews the token and, when the body was held, replays the request once; a streamed body cannot
 * be sent twice, so its 401 goes to the browser (the next request gets the fresh token).
 */
export function createApiForwarder(options: ApiForwarderOptions): RequestHandler {
  const base = new URL(options.serviceBaseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')

  return async function forward(req, res) {
    const path = req.url ?? '/'
    if (!isPlainPath(path)) return sendError(res, 400, 'The request path is not valid')
    const abort = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) abort.abort()
    })
    try {
      const body = await readForwardedBody(req, options.replayLimitBytes)
      const send = async (token: string) => {
        const started = process.hrtime.bigint()
        const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
        try {
          const upstream = await sendUpstream({
            origin: base,
            path: basePath + path,
            method: req.method ?? 'GET',
            headers: upstreamRequestHeaders(req.headers, token),
            body: body.replayable ? body.bytes : body.stream,
            agents: options.agents,
            timeoutMs: options.timeoutMs,
            signal: abort.signal,
          })
          options.upstream?.answered(upstream.statusCode ?? 502, seconds())
          return upstream
        } catch (error) {
          // A browser that went away is not the service failing.
          if (error instanceof ServiceError && !abort.signal.aborted) {
            options.upstream?.failed(error.status === 504 ? 'timeout' : 'unreachable', seconds())
          }
          throw error
        }
      }
      let token = await options.tokens.current()
      const sentAt = Date.now()
      let upstream = await send(token)
      if (upstream.statusCode === 401) {
        options.tokens.discard(token)
        if (body.replayable) {
          upstream.resume()
          token = await options.tokens.current()
          upstream = await send(token)
        }
      }
      const uploadCutShort = !body.replayable && !req.complete
      if (uploadCutShort) stopUpload(req, res)
      const method = req.method ?? 'GET'
      const pathname = path.split('?', 1)[0] ?? '/'
      const status = upstream.statusCode ?? 502
      const copy =
        status >= 200 && status < 300 && options.answers?.wants(method, pathname)
          ? bodyCopy()
          : null
      await relay(upstream, res, req.headers['accept-encoding'], copy?.add)
      const answer = copy && upstream.complete ? copy.body() : null
      if (answer) options.answers?.seen(method, pathname, answer, sentAt)
      // The request to the service was never finished, so its connection cannot be reused.
      if (uploadCutShort) upstream.socket?.destroy()
    } catch (error) {
      if (res.headersSent || res.destroyed) return
      if (error instanceof ServiceError) return sendError(res, error.status, error.message)
      if (error instanceof BodyTooLarge) {
        req.resume()
        return sendError(res, 413, error.message, { Connection: 'close' })
      }
      options.logger.error({ err: error }, 'forwarding to the video service failed')
      sendError(res, 502, 'The video service is unreachable')
    }
  }
}

/** A copy of an answer's body as it is relayed; none past the limit. */
function bodyCopy() {
  const chunks: Buffer[] = []
  let size = 0
  return {
    add: (chunk: Buffer) => {
      size += chunk.length
      if (size <= observedLimitBytes) chunks.push(chunk)
    },
    body: () => (size <= observedLimitBytes ? Buffer.concat(chunks) : null),
  }
}

async function relay(
  upstream: IncomingMessage,
  res: ServerResponse,
  acceptEncoding: string | undefined,
  copy?: (chunk: Buffer) => void,
) {
  const status = upstream.statusCode ?? 502
  // The page reads `{error}` from every failure; a proxy's HTML error page is not that.
  if (status >= 400 && !/\bjson\b/i.test(upstream.headers['content-type'] ?? '')) {
    upstream.resume()
    const retryAfter = upstream.headers['retry-after']
    sendError(
      res,
      status,
      `The video service ${status >= 500 ? 'failed' : 'refused the request'} (HTTP ${status})`,
      retryAfter ? { 'Retry-After': retryAfter } : {},
    )
    return
  }
  const headers = browserResponseHeaders(upstream.headers)
  // Attached with the pipeline below, in the same tick, so both see every chunk.
  if (copy) upstream.on('data', copy)
  // Lists of videos are JSON the service may send uncompressed; compress them on the way (a fast
  // brotli level: this runs on every API answer).
  const encoding = compressible(upstream) ? preferredEncoding(acceptEncoding) : null
  if (encoding) {
    delete headers['content-length']
    headers['content-encoding'] = encoding
    headers.vary = 'Accept-Encoding'
    res.writeHead(status, headers)
    const compress =
      encoding === 'br'
        ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
        : createGzip({ level: 6 })
    await pipeline(upstream, compress, res).catch(() => {})
    return
  }
  res.writeHead(status, headers)
  await pipeline(upstream, res).catch(() => {
    // The browser went away or the service broke off; both ends are closed by pipeline.
  })
}

function compressible(upstream: IncomingMessage): boolean {
  const length = Number(upstream.headers['content-length'] ?? Number.POSITIVE_INFINITY)
  return (
    !upstream.headers['content-encoding'] &&
    /\bjson\b/i.test(upstream.headers['content-type'] ?? '') &&
    length >= 1024
  )
}

// The service answered before reading the whole upload (typically 401 or 413): stop sending it
// and let the browser see the answer; its connection closes once the rest is drained.
function stopUpload(req: IncomingMessage, res: ServerResponse) {
  req.unpipe()
  req.resume()
  res.setHeader('Connection', 'close')
}

/** No dot segments and no encoded separators, so the service sees only paths under /api/v1/. */
function isPlainPath(pathAndQuery: string): boolean {
  const path = pathAndQuery.split('?', 1)[0] ?? ''
  return path.split('/').every((segment) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return false
    }
    return decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded)
  })
}
