import type { Links } from '../../../src/api/generated/types.gen.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'

/**
 * Every page of a cursor-paginated list, in order. The next page is asked for with this
 * request's own query plus the cursor `links.next` names (`after` or `before`, whichever the
 * list uses), so a `links.next` that drops a parameter (such as `fields`) loses nothing.
 */
export async function* allPages<Page extends { links: Links }>(
  reader: ServiceReader,
  path: string,
  query: Record<string, string>,
): AsyncGenerator<{ page: Page; readAt: number }> {
  let cursor: Record<string, string> = {}
  for (;;) {
    // When the read began: what it says was true then, and news from later wins over it.
    const readAt = Date.now()
    const page = await reader.get<Page>(`${path}?${new URLSearchParams({ ...query, ...cursor })}`)
    if (!page) return
    yield { page, readAt }
    const next = page.links.next ? new URL(page.links.next, 'http://service.invalid') : null
    const param = ['after', 'before'].find((name) => next?.searchParams.has(name))
    const value = param ? next?.searchParams.get(param) : null
    if (!param || !value) return
    cursor = { [param]: value }
  }
}
