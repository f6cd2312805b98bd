import type { AnswerObserver } from './api-forwarder.ts'
import type { ServiceTokens } from './service-tokens.ts'

/** The service refused or failed a request the dashboard made itself: its status and words. */
export class ServiceReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The service's own `{error}` text, when it gave one. */
    readonly serviceMessage: string | null = null,
    /** How long the service asked to wait before trying again (its Retry-After), if it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message)
  }
}

export interface ServiceReader {
  /** GETs `path` (with its query) as JSON with the dashboard's token; null for a 404. */
  get<T>(path: string): Promise<T | null>
  /** Requests sent so far, retries included (the benchmark's request count). */
  readonly requests: number
  /**
   * The same reads, with a count of their own: what one piece of work (an index pass) sent,
   * apart from everything else reading the service meanwhile.
   */
  counted?(): ServiceReader
}

export interface ServiceClient extends ServiceReader {
  /** Sends `body` as JSON; the answer's JSON (null for 204). A refusal throws, with its words. */
  post<T>(path: string, body?: unknown): Promise<T | null>
  patch<T>(path: string, body: unknown): Promise<T | null>
  put<T>(path: string, body: unknown): Promise<T | null>
  delete<T>(path: string): Promise<T | null>
}

const attempts = 4

/**
 * The dashboard's own requests to the service, with its own token (never a browser's). A refused
 * token is renewed once. A read that meets a 429 or 5xx is tried again after the service's
 * Retry-After (or a short backoff), so one busy moment does not fail a backfill of a thousand
 * pages; a write is sent once, since the service may have acted on it before failing.
 */
export function createServiceClient(
  baseUrl: string,
  tokens: ServiceTokens,
  options: {
    timeoutMs?: number
    sleep?: (ms: number) => Promise<void>
    /** Shown the answers to its writes it asks for (the index learns from the dashboard's writes). */
    answers?: AnswerObserver
  } = {},
): ServiceClient {
  const origin = baseUrl.replace(/\/+$/, '')
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  let requests = 0

  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
    count?: () => void,
  ): Promise<T | null> {
    const idempotent = method === 'GET'
    let renewed = false
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.current()
      requests++
      count?.()
      const sentAt = Date.now()
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      }).catch((error: unknown) => {
        throw new ServiceReadError(`The service cannot be reached: ${String(error)}`, 502)
      })
      if (response.ok) {
        const text = response.status === 204 ? '' : await response.text()
        const pathname = path.split('?', 1)[0] ?? path
        if (!idempotent && text && options.answers?.wants(method, pathname))
          options.answers.seen(method, pathname, Buffer.from(text), sentAt)
        return text ? (JSON.parse(text) as T) : null
      }
      if (response.status === 404 && idempotent) {
        await response.body?.cancel()
        return null
      }
      // A refused token means the request was not looked at: sending it again is safe.
      if (response.status === 401 && !renewed) {
        await response.body?.cancel()
        tokens.discard(token)
        renewed = true
        continue
      }
      const retryable = idempotent && (response.status === 429 || response.status >= 500)
      const hinted = Number(response.headers.get('retry-after'))
      if (!retryable || attempt >= attempts) {
        const words = await errorWords(response)
        throw new ServiceReadError(
          `The service answered ${response.status} to ${method} ${path}${words ? `: ${words}` : ''}`,
          response.status,
          words,
          hinted > 0 ? hinted * 1000 : null,
        )
      }
      await response.body?.cancel()
      await sleep(hinted > 0 ? Math.min(hinted, 30) * 1000 : 200 * 2 ** attempt)
    }
  }

  return {
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    patch: (path, body) => send('PATCH', path, body),
    put: (path, body) => send('PUT', path, body),
    delete: (path) => send('DELETE', path),
    get requests() {
      return requests
    },
    counted() {
      let own = 0
      const count = () => {
        own++
      }
      return {
        get: (path) => send('GET', path, undefined, count),
        get requests() {
          return own
        },
      }
    },
  }
}

/** The service's `{error}` text (section 7), capped: it is passed on to people. */
async function errorWords(response: Response): Promise<string | null> {
  const text = await response.text().catch(() => '')
  try {
    const body: unknown = JSON.parse(text)
    const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : null
    return typeof error === 'string' && error ? error.slice(0, 500) : null
  } catch {
    return null
  }
}
