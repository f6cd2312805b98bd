import type { BrowserContext, Response } from 'playwright-core'

/**
 * A measured page whose request was refused (401: its session was not sent) or failed (5xx)
 * measured something else, a sign-in dialog or an error, and its figures must not be reported.
 */
export class RefusedRequests extends Error {
  constructor(
    readonly where: string,
    readonly requests: readonly string[],
  ) {
    super(
      `${where}: ${requests.length} request(s) of the measured page answered 401 or 5xx, so its figures are not the page's: ${requests.slice(0, 5).join('; ')}`,
    )
  }
}

export const refused = (status: number) => status === 401 || status >= 500

const described = (status: number, method: string, url: string) => {
  const { pathname, search } = URL.canParse(url) ? new URL(url) : { pathname: url, search: '' }
  return `${status} ${method} ${pathname}${search.slice(0, 60)}`
}

const guards = new WeakMap<BrowserContext, string[]>()

/** Watches every response the pages of `context` receive (the measured pages), from now on. */
export function guardResponses(context: BrowserContext): void {
  if (guards.has(context)) return
  const seen: string[] = []
  guards.set(context, seen)
  context.on('response', (response: Response) => {
    if (refused(response.status()))
      seen.push(described(response.status(), response.request().method(), response.url()))
  })
}

/** Throws `RefusedRequests` if a page of `context` was answered 401 or 5xx since it was guarded. */
export function assertNoRefusals(context: BrowserContext, where: string): void {
  const seen = guards.get(context)
  if (!seen) throw new Error(`${where}: the measured pages' responses were not watched`)
  if (seen.length > 0) throw new RefusedRequests(where, seen)
}

/** Closes a guarded context, then fails loudly if one of its pages was refused. */
export async function closeGuarded(context: BrowserContext, where: string): Promise<void> {
  await context.close()
  assertNoRefusals(context, where)
}

interface NetworkRequestItem {
  url?: unknown
  statusCode?: unknown
  requestMethod?: unknown
}

/** The same for a Lighthouse run: the statuses of its `network-requests` audit. */
export function assertLighthouseNoRefusals(
  audits: Record<string, { details?: unknown } | undefined>,
  where: string,
): void {
  const items = (audits['network-requests']?.details as { items?: NetworkRequestItem[] })?.items
  if (!items) throw new Error(`${where}: Lighthouse reported no network requests to check`)
  const bad = items
    .filter((item) => typeof item.statusCode === 'number' && refused(item.statusCode))
    .map((item) =>
      described(item.statusCode as number, String(item.requestMethod ?? 'GET'), String(item.url)),
    )
  if (bad.length > 0) throw new RefusedRequests(where, bad)
}
