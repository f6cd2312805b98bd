import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { type ServiceError, tooSlow, unreachable } from './service-error.ts'

export interface UpstreamAgents {
  http: http.Agent
  https: https.Agent
}

export function createUpstreamAgents(): UpstreamAgents {
  return {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  }
}

export interface UpstreamRequest {
  /** The service's origin; `path` is sent as given, so the query string stays byte for byte. */
  origin: URL
  path: string
  method: string
  headers: OutgoingHttpHeaders
  body: Buffer | Readable | null
  agents: UpstreamAgents
  /** Idle time allowed while sending, and time allowed between the last byte sent and headers. */
  timeoutMs: number
  signal: AbortSignal
}

/**
 * Sends one request and resolves with the response once its headers arrive. Fails with a
 * ServiceError: 502 when the service cannot be reached, 504 when it does not answer in time.
 */
export function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const secure = request.origin.protocol === 'https:'
    const outgoing = (secure ? https : http).request({
      protocol: request.origin.protocol,
      hostname: request.origin.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: request.origin.port || undefined,
      path: request.path,
      method: request.method,
      headers: request.headers,
      agent: secure ? request.agents.https : request.agents.http,
      timeout: request.timeoutMs,
      signal: request.signal,
    })
    let settled = false
    let headersTimer: NodeJS.Timeout | undefined
    const fail = (error: ServiceError) => {
      if (settled) return
      settled = true
      clearTimeout(headersTimer)
      outgoing.destroy()
      reject(error)
    }
    outgoing.on('timeout', () => fail(tooSlow()))
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the service closed just as it was reused: safe to send again once.
      const staleSocket = outgoing.reusedSocket && error.code === 'ECONNRESET'
      // Only a request that may safely happen twice is sent again: a POST or PATCH the service
      // may have received before the reset is not.
      if (!settled && staleSocket && !isStream(request.body) && idempotent.has(request.method)) {
        settled = true
        clearTimeout(headersTimer)
        sendUpstream(request).then(resolve, reject)
        return
      }
      fail(unreachable())
    })
    outgoing.on('finish', () => {
      headersTimer = setTimeout(() => fail(tooSlow()), request.timeoutMs)
    })
    outgoing.on('response', (response) => {
      settled = true
      clearTimeout(headersTimer)
      outgoing.setTimeout(0)
      resolve(response)
    })
    if (isStream(request.body)) {
      // A body that fails on its way (over the size limit, the browser gone) ends this request.
      request.body.once('error', (error) => {
        if (settled) return
        settled = true
        clearTimeout(headersTimer)
        outgoing.destroy()
        reject(error)
      })
      request.body.pipe(outgoing)
    } else outgoing.end(request.body ?? undefined)
  })
}

const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

function isStream(body: Buffer | Readable | null): body is Readable {
  return body !== null && !Buffer.isBuffer(body)
}
