import { followLink } from '../client'

interface CursorPage {
  links: { next?: string | null }
}

/**
 * The parts of an infinite query over a cursor-paginated list: the first page from `first`, each
 * next one by following the previous page's `links.next` exactly as the service gave it.
 */
export function cursorPages<Page extends CursorPage>(
  first: (signal: AbortSignal) => Promise<Page>,
) {
  return {
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      pageParam ? followLink<Page>(pageParam, signal) : first(signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Page) => page.links.next ?? null,
  }
}
