import { infiniteQueryOptions } from '@tanstack/react-query'
import type { IndexedVideoFilter } from '../merch-index'
import { indexKeys } from './merch-index-keys'

/**
 * A channel's videos the index finds (by product, state or readiness), page by page. Its schemas
 * load with the first page asked for: the library, in the first screen's code, offers these
 * filters without carrying them.
 */
export const indexedVideosQuery = (channelId: string, filter: IndexedVideoFilter) =>
  infiniteQueryOptions({
    queryKey: indexKeys.videos(channelId, filter),
    queryFn: async ({ pageParam, signal }) =>
      (await import('../merch-index')).listIndexedVideos(channelId, filter, {
        after: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination.cursor,
    staleTime: 30_000,
  })
