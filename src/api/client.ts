import { apiFetch } from './api-fetch'
import { client } from './generated/client.gen'

// The browser talks only to the dashboard server, which adds the service token; so requests go to
// this origin, never to the service's address in the contract.
// X-Dashboard-Request: the dashboard server refuses state-changing calls without it, which stops a
// cross-site form (it cannot set headers) from acting in a signed-in marketer's name.
client.setConfig({
  baseUrl: '',
  throwOnError: true,
  headers: { 'X-Dashboard-Request': '1' },
  fetch: (request) => apiFetch(request as Request),
})

export { client }

// The service's error body is `{error}`; anything else (a proxy page, a dropped connection) gets a
// message a marketer can act on.
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds the service asked to wait (Retry-After on 429 and some 503s). */
    readonly retryAfter: number | null = null,
  ) {
    super(message)
  }
}

export function toServiceError(
  error: unknown,
  status = 0,
  retryAfter: number | null = null,
): ServiceError {
  if (error instanceof ServiceError) return error
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') {
    return new ServiceError(error.error, status, retryAfter)
  }
  if (error instanceof TypeError)
    return new ServiceError(
      'The dashboard server cannot be reached. Check your connection and retry.',
      0,
    )
  return new ServiceError(error instanceof Error ? error.message : 'Something went wrong', status)
}

// links.next is an opaque path to follow verbatim (document 1, section 4.1).
export async function followLink<Page>(path: string, signal?: AbortSignal): Promise<Page> {
  let response: Response
  try {
    response = await apiFetch(path, { signal, headers: { accept: 'application/json' } })
  } catch (error) {
    throw toServiceError(error)
  }
  const body = await response.json().catch(() => null)
  if (!response.ok)
    throw toServiceError(body ?? { error: `HTTP ${response.status}` }, response.status)
  return body as Page
}

// Every failed call through the generated client throws a ServiceError carrying the HTTP status,
// so screens can tell a refused value (422) from an outage (502/504) without parsing bodies.
client.interceptors.error.use((error, response) => {
  if (error instanceof DOMException && error.name === 'AbortError') return error
  const retryAfter = Number(response?.headers.get('retry-after'))
  return toServiceError(
    error,
    response?.status ?? 0,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  )
})
