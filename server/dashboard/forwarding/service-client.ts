import type { ServiceTokens } from '../forwarding/service-tokens.ts'

export class ServiceReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export interface ServiceReader {
  /** GETs `path` (with its query) as JSON with the dashboard's token; null for a 404. */
  get<T>(path: string): Promise<T | null>
  /** Requests sent so far, retries included (the benchmark's request count). */
  readonly requests: number
}

const attempts = 4

/**
 * The index reads the service itself, with the dashboard's own token (never a browser's). A
 * refused token is renewed once; a 429 or 5xx is tried again after the service's Retry-After
 * (or a short backoff), so one busy moment does not fail a backfill of a thousand pages.
 */
export function createServiceReader(
  baseUrl: string,
  tokens: ServiceTokens,
  options: { timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): ServiceReader {
  const origin = baseUrl.replace(/\/+$/, '')
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  let requests = 0

  async function get<T>(path: string): Promise<T | null> {
    let renewed = false
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.current()
      requests++
      const response = await fetch(`${origin}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      }).catch((error: unknown) => {
        throw new ServiceReadError(`The service cannot be reached: ${String(error)}`, 502)
      })
      if (response.ok) return (await response.json()) as T
      await response.body?.cancel()
      if (response.status === 404) return null
      if (response.status === 401 && !renewed) {
        tokens.discard(token)
        renewed = true
        continue
      }
      const retryable = response.status === 429 || response.status >= 500
      if (!retryable || attempt >= attempts)
        throw new ServiceReadError(
          `The service answered ${response.status} to ${path}`,
          response.status,
        )
      const hinted = Number(response.headers.get('retry-after'))
      await sleep(hinted > 0 ? Math.min(hinted, 30) * 1000 : 200 * 2 ** attempt)
    }
  }

  return {
    get,
    get requests() {
      return requests
    },
  }
}
