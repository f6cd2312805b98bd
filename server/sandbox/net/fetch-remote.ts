import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { RemoteFetchError, UNREACHABLE } from './remote-fetch-error.ts'
import {
  type AddressPolicy,
  defaultAddressPolicy,
  type HostResolver,
  pinnedLookup,
  type ResolvedAddress,
  resolveTarget,
} from './resolve-target.ts'

export { RemoteFetchError, type RemoteFetchReason, UNREACHABLE } from './remote-fetch-error.ts'

const DEFAULT_MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const USER_AGENT = 'video-commerce-sandbox/1.0'

export type RemoteFetchOptions = {
  /** Refuse hosts resolving to loopback, private, link-local and other non-public addresses. */
  blockPrivate: boolean
  maxBytes: number
  /** Deadline for the whole exchange, body included. */
  timeoutMs: number
  /**
   * Inspects the final 2xx response, and the URL it came from after redirects, before its body is
   * read; a returned reason refuses it (RemoteFetchError bad_status whose message is that reason).
   */
  accept?: (response: {
    url: string
    status: number
    headers: IncomingHttpHeaders
  }) => string | null
  maxRedirects?: number
  /** Replaces system DNS, e.g. to allow-list hosts or to test rebinding. */
  resolveHost?: HostResolver
  /** Replaces the public-address rule applied when blockPrivate is true. */
  isAllowedAddress?: (ip: string) => boolean
}

export type RemoteResponseHead = {
  /** Address of the final response, after redirects. */
  url: string
  status: number
  headers: IncomingHttpHeaders
  contentType: string | null
  contentLength: number | null
}

export type RemoteStreamResponse = RemoteResponseHead & {
  /** Errors with RemoteFetchError (too_large, timeout, unreachable) while streaming. */
  stream: Readable
}

export type RemoteBufferResponse = RemoteResponseHead & { body: Buffer }

/** GETs an http(s) URL on a user's behalf and streams the body within the given limits. */
export async function fetchRemoteStream(
  url: string,
  options: RemoteFetchOptions,
): Promise<RemoteStreamResponse> {
  if (!(options.timeoutMs > 0) || !(options.maxBytes >= 0)) {
    throw new TypeError('fetchRemoteStream needs a positive timeoutMs and a non-negative maxBytes')
  }
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs)
  const policy: AddressPolicy = {
    ...defaultAddressPolicy(options.blockPrivate),
    ...(options.resolveHost && { resolveHost: options.resolveHost }),
    ...(options.isAllowedAddress && { isAllowedAddress: options.isAllowedAddress }),
  }
  try {
    const { response, finalUrl } = await followRedirects(url, options, policy, deadline.signal)
    const head = describeResponse(response, finalUrl)
    try {
      checkResponseHead(head, options)
    } catch (error) {
      response.destroy()
      throw error
    }
    const stream = limitBody(response, {
      url: finalUrl,
      maxBytes: options.maxBytes,
      deadline: deadline.signal,
      timeoutMs: options.timeoutMs,
      onFinish: () => clearTimeout(timer),
    })
    return { ...head, stream }
  } catch (error) {
    clearTimeout(timer)
    throw error
  }
}

/** fetchRemoteStream, with the body collected into one Buffer. */
export async function fetchRemote(
  url: string,
  options: RemoteFetchOptions,
): Promise<RemoteBufferResponse> {
  const { stream, ...head } = await fetchRemoteStream(url, options)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return { ...head, body: Buffer.concat(chunks) }
}

async function followRedirects(
  url: string,
  options: RemoteFetchOptions,
  policy: AddressPolicy,
  deadline: AbortSignal,
): Promise<{ response: IncomingMessage; finalUrl: string }> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  let current = parseHttpUrl(url)
  for (let redirects = 0; ; redirects++) {
    const target = current
    const address = await raceDeadline(resolveTarget(target, policy), deadline, () =>
      timeoutError(target.href, options.timeoutMs),
    )
    const response = await sendGet(target, address, deadline, options.timeoutMs)
    const location = response.headers.location
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0)) {
      return { response, finalUrl: target.href }
    }
    response.destroy()
    const status = response.statusCode ?? 0
    if (!location) {
      throw new RemoteFetchError('bad_status', `redirect ${status} without a Location`, {
        url: target.href,
        status,
      })
    }
    if (redirects >= maxRedirects) {
      throw new RemoteFetchError('bad_status', `more than ${maxRedirects} redirects`, {
        url: target.href,
        status,
      })
    }
    current = parseHttpUrl(location, target)
  }
}

function parseHttpUrl(url: string, base?: URL): URL {
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    throw new RemoteFetchError('bad_scheme', 'not a valid URL', { url })
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RemoteFetchError('bad_scheme', `unsupported scheme ${parsed.protocol}`, {
      url: parsed.href,
    })
  }
  return parsed
}

function timeoutError(url: string, timeoutMs: number): RemoteFetchError {
  return new RemoteFetchError('timeout', `no complete response within ${timeoutMs} ms`, { url })
}

function raceDeadline<Result>(
  work: Promise<Result>,
  deadline: AbortSignal,
  onTimeout: () => Error,
): Promise<Result> {
  if (deadline.aborted) return Promise.reject(onTimeout())
  return new Promise<Result>((resolve, reject) => {
    const onAbort = () => reject(onTimeout())
    deadline.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort))
  })
}

function sendGet(
  target: URL,
  address: ResolvedAddress,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<IncomingMessage> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: 'GET',
      agent: false,
      signal: deadline,
      lookup: pinnedLookup(address),
      headers: { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' },
    })
    request.once('response', resolve)
    request.once('error', (error) => {
      const url = target.href
      reject(
        deadline.aborted
          ? timeoutError(url, timeoutMs)
          : new RemoteFetchError('unreachable', UNREACHABLE, { url, cause: error }),
      )
    })
    request.end()
  })
}

function describeResponse(response: IncomingMessage, url: string): RemoteResponseHead {
  const declaredLength = response.headers['content-length']
  return {
    url,
    status: response.statusCode ?? 0,
    headers: response.headers,
    contentType: response.headers['content-type'] ?? null,
    contentLength: declaredLength && /^\d+$/.test(declaredLength) ? Number(declaredLength) : null,
  }
}

function checkResponseHead(head: RemoteResponseHead, options: RemoteFetchOptions): void {
  const { url, status } = head
  if (status < 200 || status > 299) {
    throw new RemoteFetchError('bad_status', `unexpected status ${status}`, { url, status })
  }
  if (head.contentLength !== null && head.contentLength > options.maxBytes) {
    throw new RemoteFetchError(
      'too_large',
      `Content-Length ${head.contentLength} exceeds ${options.maxBytes} bytes`,
      { url, status },
    )
  }
  const refusal = options.accept?.({ url, status, headers: head.headers })
  if (refusal) throw new RemoteFetchError('bad_status', refusal, { url, status })
}

function limitBody(
  response: IncomingMessage,
  limits: {
    url: string
    maxBytes: number
    deadline: AbortSignal
    timeoutMs: number
    onFinish: () => void
  },
): Readable {
  const { url, maxBytes, deadline } = limits
  let received = 0
  const onDeadline = () => body.destroy(timeoutError(url, limits.timeoutMs))
  const finish = () => {
    deadline.removeEventListener('abort', onDeadline)
    limits.onFinish()
  }
  const body = new Readable({
    read: () => {
      response.resume()
    },
    destroy: (error, callback) => {
      finish()
      response.destroy()
      callback(error)
    },
  })
  deadline.addEventListener('abort', onDeadline, { once: true })
  response.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > maxBytes) {
      body.destroy(new RemoteFetchError('too_large', `body exceeds ${maxBytes} bytes`, { url }))
    } else if (!body.push(chunk)) {
      response.pause()
    }
  })
  response.on('end', () => {
    finish()
    body.push(null)
  })
  const interrupted = (cause?: unknown) => {
    if (deadline.aborted) return body.destroy(timeoutError(url, limits.timeoutMs))
    body.destroy(new RemoteFetchError('unreachable', 'connection lost mid-body', { url, cause }))
  }
  response.on('error', interrupted)
  response.on('close', () => {
    if (!response.complete) interrupted()
  })
  return body
}
