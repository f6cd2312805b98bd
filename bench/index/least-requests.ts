type Page = { pagination: { total_entries?: number; cursor: string | null } }

/**
 * The fewest requests any client of the documented API can fill the index with, for this data:
 * the channels, every listing's pages (each channel's videos, live and archived apart; each
 * store's products), and the stores.
 */
export async function leastRequests(
  json: <T>(path: string) => Promise<T>,
  channelIds: string[],
): Promise<number> {
  let requests = 2
  for (const id of channelIds)
    for (const archived of ['false', 'true']) {
      const page = await json<Page>(
        `/api/v1/videos?channel_id=${id}&archived=${archived}&page_size=1`,
      )
      requests += Math.max(1, Math.ceil((page.pagination.total_entries ?? 0) / 100))
    }
  const { stores } = await json<{ stores: { id: string }[] }>(
    '/api/v1/business_stores?page_size=100',
  )
  for (const store of stores) {
    let before = ''
    for (;;) {
      requests++
      const page = await json<Page>(
        `/api/v1/products?business_store_id=${store.id}&page_size=100${before}`,
      )
      if (!page.pagination.cursor) break
      before = `&before=${page.pagination.cursor}`
    }
  }
  return requests
}
