import { ServiceError, tooSlow, unreachable } from './service-error.ts'

export interface ServiceCredentials {
  baseUrl: string
  clientId: string
  clientSecret: string
  scope?: string
}

export interface ServiceTokens {
  /** A token with some life left; concurrent callers share one token request. */
  current(): Promise<string>
  /** Forgets `token` once the service has refused it, so the next call fetches a new one. */
  discard(token: string): void
}

interface CachedToken {
  value: string
  renewAt: number
}

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

  async function request(): Promise<string> {
    const startedAt = now()
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
    if (!response.ok) throw refusal(response.status, body)
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

  return {
    current() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.value)
      pending ??= request()
        .then(
          (token) => {
            options.onRequest?.('issued')
            return token
          },
          (error: unknown) => {
            options.onRequest?.('failed')
            throw error
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

function formEncode(value: string): string {
  return encodeURIComponent(value).replaceAll('%20', '+')
}
