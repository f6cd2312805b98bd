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

/**
 * A cursor-paginated list read whole: the first page, then each next one by its `links.next`,
 * while `more` (given the pages read so far) says to go on. `onPage` hears of every page read,
 * for a screen that shows its progress.
 */
export async function readPages<Page extends CursorPage>(
  first: Promise<Page>,
  signal: AbortSignal,
  {
    more = () => true,
    onPage,
  }: { more?: (pages: Page[]) => boolean; onPage?: (pages: Page[]) => void } = {},
): Promise<Page[]> {
  const pages = [await first]
  onPage?.(pages)
  let next = pages[0]?.links.next
  while (next && more(pages)) {
    const page = await followLink<Page>(next, signal)
    pages.push(page)
    onPage?.(pages)
    next = page.links.next
  }
  return pages
}
