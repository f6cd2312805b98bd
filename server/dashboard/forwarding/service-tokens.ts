import { ServiceError, tooSlow, unreachable } from './service-error.ts'

export interface ServiceCredentials {
  baseUrl: string
  clientId: string
  clientSecret: string
  scope?: string
}

export interface ServiceTokens {
  /**
   * A token with some life left; concurrent callers share one token request. After a failed
   * request, rejects at once with a `TokenUnavailable` until its `retryAt`.
   */
  current(): Promise<string>
  /** Forgets `token` once the service has refused it, so the next call fetches a new one. */
  discard(token: string): void
}

interface CachedToken {
  value: string
  renewAt: number
}

/** The token endpoint failed: it is asked again at `retryAt` (epoch ms), not before. */
export class TokenUnavailable extends ServiceError {
  constructor(
    failure: ServiceError,
    readonly retryAt: number,
  ) {
    super(failure.status, failure.message)
  }
}

/** After the nth failure in a row: 1 s, doubling up to 30 s. */
export const backoffMs = (failures: number) => Math.min(30_000, 1_000 * 2 ** (failures - 1))
/** A Retry-After longer than this is not believed (a misconfigured endpoint would stop us). */
const maxRetryAfterMs = 5 * 60_000

/** Renew this much before expiry: 10% of the lifetime, at most a minute. */
export function renewalMargin(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs * 0.1)
}

// OAuth 2.0 client credentials (RFC 6749 4.4) with HTTP Basic; RFC 6749 2.3.1 has the id and
// secret form-encoded before base64.
export function createServiceTokens(
  credentials: ServiceCredentials,
  options: {
    timeoutMs: number
    now?: () => number
    /** Told of each token request's outcome (metrics). */
    onRequest?: (outcome: 'issued' | 'failed') => void
  },
): ServiceTokens {
  const now = options.now ?? Date.now
  const tokenUrl = `${credentials.baseUrl.replace(/\/+$/, '')}/oauth/token`
  const basic = Buffer.from(
    `${formEncode(credentials.clientId)}:${formEncode(credentials.clientSecret)}`,
  ).toString('base64')
  let cached: CachedToken | null = null
  let pending: Promise<string> | null = null
  // The last failure and how many in a row: until its retryAt, callers get it without a request.
  let outage: { failures: number; error: TokenUnavailable } | null = null
  // The failed request's Retry-After (one request runs at a time).
  let hintedWaitMs = 0

  async function request(): Promise<string> {
    const startedAt = now()
    hintedWaitMs = 0
    const form = new URLSearchParams({ grant_type: 'client_credentials' })
    if (credentials.scope) form.set('scope', credentials.scope)
    let response: Response
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs),
        // The credentials go to this address only: a redirect is refused, never followed.
        redirect: 'manual',
      })
    } catch (error) {
      throw (error as Error).name === 'TimeoutError' ? tooSlow() : unreachable()
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel()
      throw new ServiceError(
        502,
        `The video service's token endpoint redirected (HTTP ${response.status}); the dashboard does not send its credentials elsewhere`,
      )
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (!response.ok) {
      hintedWaitMs = retryAfterMs(response.headers.get('retry-after'), now()) ?? 0
      throw refusal(response.status, body)
    }
    const value = body?.access_token
    if (typeof value !== 'string' || value === '') {
      throw new ServiceError(502, 'The video service answered the token request without a token')
    }
    // Measured from when the request was sent, so the token is never trusted past its expiry.
    const lifetimeMs = Number(body?.expires_in) * 1000
    const renewAt =
      lifetimeMs > 0 ? startedAt + lifetimeMs - renewalMargin(lifetimeMs) : Number.POSITIVE_INFINITY
    cached = { value, renewAt }
    return value
  }

  // The token endpoint failing is asked again 1 s later, then 2 s, 4 s … 30 s, or after its own
  // Retry-After if longer: however many callers (probes of /readyz, browsers) want a token meanwhile.
  function failed(error: unknown): TokenUnavailable {
    const failures = (outage?.failures ?? 0) + 1
    const failure = error instanceof ServiceError ? error : unreachable()
    const wait = Math.max(backoffMs(failures), Math.min(hintedWaitMs, maxRetryAfterMs))
    outage = { failures, error: new TokenUnavailable(failure, now() + wait) }
    return outage.error
  }

  return {
    current() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.value)
      if (!pending && outage && now() < outage.error.retryAt) return Promise.reject(outage.error)
      pending ??= request()
        .then(
          (token) => {
            outage = null
            options.onRequest?.('issued')
            return token
          },
          (error: unknown) => {
            options.onRequest?.('failed')
            throw failed(error)
          },
        )
        .finally(() => {
          pending = null
        })
      return pending
    },
    discard(token) {
      if (cached?.value === token) cached = null
    },
  }
}

function refusal(status: number, body: Record<string, unknown> | null): ServiceError {
  const code = typeof body?.error === 'string' ? body.error : undefined
  if (status === 401 || code === 'invalid_client' || code === 'unauthorized_client') {
    return new ServiceError(502, "The video service refused the dashboard's credentials")
  }
  if (code === 'invalid_scope') {
    return new ServiceError(502, "The video service refused the dashboard's requested scope")
  }
  if (status >= 500) {
    return new ServiceError(502, `The video service failed to issue a token (HTTP ${status})`)
  }
  return new ServiceError(
    502,
    `The video service refused the dashboard's token request (${code ?? `HTTP ${status}`})`,
  )
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from `nowMs`; null if neither. */
function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replaceAll('%20', '+')
}
