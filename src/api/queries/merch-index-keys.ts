import type { IndexedVideoFilter, ProductSort } from '../merch-index'

// The index's query keys, apart from its queries: the live cache, in every first screen's code,
// marks them stale without bringing the queries and their schemas along.
export const indexKeys = {
  all: ['merch-index'] as const,
  status: () => [...indexKeys.all, 'status'] as const,
  videoLists: () => [...indexKeys.all, 'videos'] as const,
  videos: (channelId: string, filter: IndexedVideoFilter) =>
    [...indexKeys.videoLists(), channelId, filter] as const,
  coverage: () => [...indexKeys.all, 'coverage'] as const,
  uncoveredProducts: (channelId: string, sort: ProductSort, order: 'asc' | 'desc') =>
    [...indexKeys.coverage(), 'products', channelId, sort, order] as const,
  unsellingVideos: (channelId: string) => [...indexKeys.coverage(), 'videos', channelId] as const,
  brokenTags: (where: { channelId: string } | { videoId: string }) =>
    [...indexKeys.all, 'broken-tags', where] as const,
  readiness: (videoIds: readonly string[]) => [...indexKeys.all, 'readiness', videoIds] as const,
  readinessSettings: () => [...indexKeys.all, 'readiness-settings'] as const,
  summary: (channelId: string) => [...indexKeys.all, 'summary', channelId] as const,
}
