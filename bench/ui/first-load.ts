import { closeGuarded } from '../reference/guard.ts'
import { type Lab, open, openLibrary, read } from './library-page.ts'

// 7. List requests of one load ------------------------------------------------------------------

/** How long the page is watched once its live stream is connected. */
export const watchAfterLiveMs = 5_000

export interface FirstLoadResult {
  /**
   * `/api/v1/videos` requests from navigation until `watchAfterLiveMs` after the stream opened:
   * the browser's, plus the one a server render made for the page (its list in the data block).
   */
  listRequests: number
  /** Each request: ms from navigation, and its query string. */
  requests: string[]
}

// List pages a server render loaded: each is a query of the page's data block keyed
// ['videos', 'list', …] (videoKeys.list).
const serverRenderedLists = `(() => {
  const block = document.getElementById('query-state')
  if (!block) return 0
  const { queries } = JSON.parse(block.textContent)
  return queries.queries.filter((q) => q.queryKey[0] === 'videos' && q.queryKey[1] === 'list').length
})()`

/**
 * A fresh context opens /videos and stays: the first page is asked for once, and the live stream
 * opening (and the events it brings, such as a seeded video finishing processing) asks again
 * only for what the page may now show.
 */
export async function measureFirstLoad(lab: Lab): Promise<FirstLoadResult> {
  const { context, page } = await open(lab)
  try {
    const started = Date.now()
    const requests: string[] = []
    page.on('request', (request) => {
      const target = new URL(request.url())
      if (target.pathname === '/api/v1/videos')
        requests.push(`${Date.now() - started} ms ${target.search.slice(0, 80)}`)
    })
    await openLibrary(page, lab.url)
    await page.getByRole('status').filter({ hasText: /^Live/ }).waitFor()
    await page.waitForTimeout(watchAfterLiveMs)
    const rendered = await read<number>(page, serverRenderedLists)
    for (let n = 0; n < rendered; n++) requests.unshift('on the server, for the page it rendered')
    return { listRequests: requests.length, requests }
  } finally {
    await closeGuarded(context, 'list requests of one load')
  }
}
