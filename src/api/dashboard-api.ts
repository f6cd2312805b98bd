import * as z from 'zod/mini'
import { apiFetch } from './api-fetch'
import { ServiceError } from './client'
import { roles } from './roles'

// The dashboard server's own API (/auth/*): sign-in, accounts and the audit log. It is not part of
// the service's contract, so its answers are checked here.

export const meSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(roles) })
export type Me = z.infer<typeof meSchema>

/** How else one may sign in: an OpenID provider's button label, or null. */
export const providersSchema = z.object({ oidc: z.nullable(z.object({ name: z.string() })) })
export type Providers = z.infer<typeof providersSchema>

/**
 * One call to the dashboard's own API. Every call carries `X-Dashboard-Request: 1`, which the
 * server requires of state-changing requests (a cross-site form cannot send it).
 */
export async function dashboardApi<T>(
  path: string,
  options: {
    method?: string
    body?: unknown
    schema?: z.ZodMiniType<T>
    signal?: AbortSignal
  } = {},
): Promise<T> {
  let response: Response
  try {
    response = await apiFetch(path, {
      method: options.method ?? 'GET',
      signal: options.signal,
      headers: {
        accept: 'application/json',
        'x-dashboard-request': '1',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ServiceError(
      'The dashboard server cannot be reached. Check your connection and retry.',
      0,
    )
  }
  const body = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'))
    const message =
      body && typeof body.error === 'string'
        ? body.error
        : `The dashboard server failed (HTTP ${response.status})`
    throw new ServiceError(message, response.status, retryAfter > 0 ? retryAfter : null)
  }
  return (options.schema ? options.schema.parse(body) : body) as T
}
