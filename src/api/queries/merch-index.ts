import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import { type IndexedVideoFilter, indexStatusSchema, listIndexedVideos } from '../merch-index'

// The dashboard's index (decision 0019). Its answers change with every webhook, so they are kept
// fresh for a short while only; live events refresh them as they refresh the service's lists.
export const indexKeys = {
  all: ['merch-index'] as const,
  status: () => [...indexKeys.all, 'status'] as const,
  videoLists: () => [...indexKeys.all, 'videos'] as const,
  videos: (channelId: string, filter: IndexedVideoFilter) =>
    [...indexKeys.videoLists(), channelId, filter] as const,
}

export const indexStatusQuery = () =>
  queryOptions({
    queryKey: indexKeys.status(),
    queryFn: ({ signal }) =>
      dashboardApi('/api/dashboard/index/status', { signal, schema: indexStatusSchema }),
    staleTime: 30_000,
  })

/** A channel's videos showing the products (any or all of them), from the index, page by page. */
export const indexedVideosQuery = (channelId: string, filter: IndexedVideoFilter) =>
  infiniteQueryOptions({
    queryKey: indexKeys.videos(channelId, filter),
    queryFn: ({ pageParam, signal }) =>
      listIndexedVideos(channelId, filter, { after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination.cursor,
    staleTime: 30_000,
  })
