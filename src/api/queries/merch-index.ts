import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import {
  brokenTagsPath,
  brokenTagsSchema,
  coveragePath,
  indexStatusSchema,
  indexSummarySchema,
  type ProductSort,
  readinessSchema,
  readinessSettingsSchema,
  uncoveredProductsSchema,
  unsellingVideosSchema,
} from '../merch-index'
import { indexKeys } from './merch-index-keys'

// The dashboard's index (decision 0019). Its answers change with every webhook, so they are kept
// fresh for a short while only, and live events mark them stale (src/lib/live-cache.ts).
const coveragePageSize = 50

export const indexStatusQuery = () =>
  queryOptions({
    queryKey: indexKeys.status(),
    queryFn: ({ signal }) =>
      dashboardApi('/api/dashboard/index/status', { signal, schema: indexStatusSchema }),
    staleTime: 30_000,
  })

/** The store's products no live video of the channel shows, sorted, 50 at a time. */
export const uncoveredProductsQuery = (
  channelId: string,
  sort: ProductSort,
  order: 'asc' | 'desc',
) =>
  infiniteQueryOptions({
    queryKey: indexKeys.uncoveredProducts(channelId, sort, order),
    queryFn: ({ pageParam, signal }) =>
      dashboardApi(
        coveragePath('products', channelId, {
          sort,
          order,
          page: { offset: pageParam, limit: coveragePageSize },
        }),
        { signal, schema: uncoveredProductsSchema },
      ),
    initialPageParam: 0,
    getNextPageParam: (page, pages) => {
      const shown = pages.reduce((sum, each) => sum + each.products.length, 0)
      return shown < page.total ? shown : undefined
    },
    staleTime: 30_000,
  })

/** The channel's live videos that show no product, newest first, 50 at a time. */
export const unsellingVideosQuery = (channelId: string) =>
  infiniteQueryOptions({
    queryKey: indexKeys.unsellingVideos(channelId),
    queryFn: ({ pageParam, signal }) =>
      dashboardApi(
        coveragePath('videos', channelId, { page: { offset: pageParam, limit: coveragePageSize } }),
        { signal, schema: unsellingVideosSchema },
      ),
    initialPageParam: 0,
    getNextPageParam: (page, pages) => {
      const shown = pages.reduce((sum, each) => sum + each.videos.length, 0)
      return shown < page.total ? shown : undefined
    },
    staleTime: 30_000,
  })

/** A channel's tags, or one video's, whose product no longer sells, with replacements. */
export const brokenTagsQuery = (where: { channelId: string } | { videoId: string }) =>
  queryOptions({
    queryKey: indexKeys.brokenTags(where),
    queryFn: ({ signal }) =>
      dashboardApi(brokenTagsPath(where), { signal, schema: brokenTagsSchema }),
    staleTime: 30_000,
  })

/** What the team's required checks find on each video, before it goes live. Always read afresh. */
export const readinessQuery = (videoIds: readonly string[]) =>
  queryOptions({
    queryKey: indexKeys.readiness(videoIds),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(videoIds.map((id) => ['video_id', id]))
      return dashboardApi(`/api/dashboard/index/readiness?${query}`, {
        signal,
        schema: readinessSchema,
      })
    },
    staleTime: 0,
  })

export const readinessSettingsQuery = () =>
  queryOptions({
    queryKey: indexKeys.readinessSettings(),
    queryFn: ({ signal }) =>
      dashboardApi('/api/dashboard/settings/readiness', {
        signal,
        schema: readinessSettingsSchema,
      }),
  })

/** A channel's day at a glance (the home page): videos by state, the schedule, what needs a look. */
export const indexSummaryQuery = (channelId: string) =>
  queryOptions({
    queryKey: indexKeys.summary(channelId),
    queryFn: ({ signal }) =>
      dashboardApi(
        `/api/dashboard/index/summary?${new URLSearchParams({ channel_id: channelId })}`,
        { signal, schema: indexSummarySchema },
      ),
    staleTime: 30_000,
  })
