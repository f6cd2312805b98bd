import type { StandardSchemaV1 } from '@standard-schema/spec'
import * as v from 'valibot'
import { apiFetch } from './api-fetch'
import { ServiceError } from './client'
import { roles } from './roles'

// The dashboard server's own API (/auth/*): sign-in, accounts and the audit log. It is not part of
// the service's contract, so its answers are checked here: with valibot on the first screen
// (src/lib/search-params.ts says why), with zod elsewhere; both give the Standard Schema interface.

export const meSchema = v.object({ id: v.string(), email: v.string(), role: v.picklist(roles) })
export type Me = v.InferOutput<typeof meSchema>

/** How else one may sign in: an OpenID provider's button label, or null. */
export const providersSchema = v.object({ oidc: v.nullable(v.object({ name: v.string() })) })
export type Providers = v.InferOutput<typeof providersSchema>

/**
 * One call to the dashboard's own API. Every call carries `X-Dashboard-Request: 1`, which the
 * server requires of state-changing requests (a cross-site form cannot send it).
 */
export async function dashboardApi<T>(
  path: string,
  options: {
    method?: string
    body?: unknown
    schema?: StandardSchemaV1<unknown, T>
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
  if (!options.schema) return body as T
  const checked = await options.schema['~standard'].validate(body)
  if (checked.issues) throw unreadableAnswer(checked.issues[0], response.status)
  return checked.value
}

// An answer the page cannot read: most likely the server is newer than the page (a reload fixes
// it). The first issue names the field, for whoever reads the message out to support.
function unreadableAnswer(issue: StandardSchemaV1.Issue | undefined, status: number) {
  const path = (issue?.path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .join('.')
  return new ServiceError(
    `The dashboard server's answer could not be read (${path || 'the answer'}: ${issue?.message}). Reload the page and try again.`,
    status,
  )
}
