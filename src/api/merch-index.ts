import * as z from 'zod/mini'
import { dashboardApi } from './dashboard-api'
import type { Video } from './generated/types.gen'

// The dashboard's own index of the service's videos and products (issue 21, decision 0019),
// answered by the dashboard server at /api/dashboard/index/*. Not part of the service's contract,
// so its answers are checked here; the server builds them to these same types.

const access = z.enum(['public', 'private', 'unlisted'] satisfies Video['access'][])

export const indexedVideoSchema = z.object({
  id: z.string(),
  caption: z.nullable(z.string()),
  hashtags: z.array(z.string()),
  access,
  published_at: z.nullable(z.string()),
  archived_at: z.nullable(z.string()),
  duration: z.nullable(z.number()),
  thumbnail_url: z.nullable(z.string()),
  poster_count: z.number(),
  product_ids: z.array(z.string()),
  variant_ids: z.array(z.string()),
  /** When a read of the service last confirmed this video. */
  confirmed_at: z.string(),
  /** A webhook changed it and the read that completes it has not answered yet. */
  partial: z.boolean(),
})
export type IndexedVideo = z.infer<typeof indexedVideoSchema>

const passSchema = z.object({
  kind: z.enum(['backfill', 'reconcile']),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  videos: z.number(),
  products: z.number(),
  requests: z.number(),
  corrected: z.number(),
})

export const indexStatusSchema = z.object({
  /** `off`: this server runs no index (it answers nothing else under /api/dashboard/index). */
  state: z.enum(['off', 'empty', 'filling', 'ready']),
  /** Everything the index holds was read from the service at or after this, or heard since. */
  confirmed_at: z.nullable(z.string()),
  last_event_at: z.nullable(z.string()),
  videos: z.number(),
  products: z.number(),
  unconfirmed: z.number(),
  last_pass: z.nullable(passSchema),
  running: z.nullable(passSchema),
})
export type IndexStatus = z.infer<typeof indexStatusSchema>

export const indexedVideoPageSchema = z.object({
  videos: z.array(indexedVideoSchema),
  pagination: z.object({ total_entries: z.number(), cursor: z.nullable(z.string()) }),
  index: indexStatusSchema,
})
export type IndexedVideoPage = z.infer<typeof indexedVideoPageSchema>

export interface IndexedVideoFilter {
  /** Product or variant IDs. */
  products: readonly string[]
  match: 'any' | 'all'
  untagged: boolean
  /** Only videos failing one of the team's required checks. */
  attention?: boolean
  state?: 'draft' | 'scheduled' | 'live'
  /** Words in the caption. */
  q?: string
}

/** One page of a channel's indexed videos that show the products (any or all), or none. */
export function listIndexedVideos(
  channelId: string,
  filter: IndexedVideoFilter,
  options: { after?: string | null; pageSize?: number; signal?: AbortSignal } = {},
) {
  const query = new URLSearchParams({ channel_id: channelId, match: filter.match })
  for (const product of filter.products) query.append('product_id', product)
  if (filter.untagged) query.set('untagged', 'true')
  if (filter.attention) query.set('attention', 'true')
  if (filter.state) query.set('state', filter.state)
  if (filter.q) query.set('q', filter.q)
  if (options.after) query.set('after', options.after)
  query.set('page_size', String(options.pageSize ?? 50))
  return dashboardApi(`/api/dashboard/index/videos?${query}`, {
    schema: indexedVideoPageSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  })
}

export const indexedProductSchema = z.object({
  id: z.string(),
  store_id: z.string(),
  name: z.nullable(z.string()),
  brand: z.nullable(z.string()),
  category: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  /** Lower-cased handle, external IDs and unit identifiers, spaced. */
  identifiers: z.string(),
  image_urls: z.array(z.string()),
  unit_ids: z.array(z.string()),
  price_min: z.nullable(z.number()),
  price_max: z.nullable(z.number()),
  /** Units counted in all; null when no unit counts its stock. */
  quantity: z.nullable(z.number()),
  in_stock: z.boolean(),
  seen_at: z.string(),
  gone_at: z.nullable(z.string()),
})
export type IndexedProduct = z.infer<typeof indexedProductSchema>

export const productSorts = ['name', 'brand', 'price', 'quantity'] as const
export type ProductSort = (typeof productSorts)[number]

export const uncoveredProductsSchema = z.object({
  total: z.number(),
  products: z.array(indexedProductSchema),
})
export const unsellingVideosSchema = z.object({
  total: z.number(),
  videos: z.array(indexedVideoSchema),
})

export interface CoveragePage {
  offset: number
  limit: number
}

/** Where the coverage views are answered, as JSON or (`format=csv`) as a download. */
export function coveragePath(
  view: 'products' | 'videos',
  channelId: string,
  options: { sort?: ProductSort; order?: 'asc' | 'desc'; page?: CoveragePage; csv?: boolean },
) {
  const query = new URLSearchParams({ channel_id: channelId })
  if (view === 'products') {
    query.set('sort', options.sort ?? 'name')
    query.set('order', options.order ?? 'asc')
  }
  if (options.page) {
    query.set('offset', String(options.page.offset))
    query.set('limit', String(options.page.limit))
  }
  if (options.csv) query.set('format', 'csv')
  return `/api/dashboard/index/coverage/${view}?${query}`
}

export const brokenTagSchema = z.object({
  video_id: z.string(),
  caption: z.nullable(z.string()),
  product_id: z.string(),
  /** As the index last saw it; null when no store has it. */
  product: z.nullable(indexedProductSchema),
  problem: z.enum(['out_of_stock', 'gone', 'unknown']),
  /** In stock, same store, same brand (or category), not on the video yet. */
  replacement: z.nullable(indexedProductSchema),
})
export type BrokenTag = z.infer<typeof brokenTagSchema>

/** Why a tag no longer sells, in the words every screen (and the readiness check) uses. */
export const brokenTagProblems: Record<BrokenTag['problem'], string> = {
  out_of_stock: 'out of stock on every variant',
  gone: 'gone from its store',
  unknown: 'in no store',
}

export const brokenTagsSchema = z.object({
  tags: z.array(brokenTagSchema),
  index: indexStatusSchema,
})

/** Where the broken tags of a channel, or of one video, are answered. */
export function brokenTagsPath(where: { channelId: string } | { videoId: string }) {
  const query = new URLSearchParams(
    'channelId' in where ? { channel_id: where.channelId } : { video_id: where.videoId },
  )
  return `/api/dashboard/index/tag-health?${query}`
}

export const reviewQueueVideoSchema = z.object({
  id: z.string(),
  caption: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  product_ids: z.array(z.string()),
})
export type ReviewQueueVideo = z.infer<typeof reviewQueueVideoSchema>

export const reviewQueueSchema = z.object({
  videos: z.array(reviewQueueVideoSchema),
  /** Whether the service's own `has_pending_matches` filter answered too. */
  filter: z.boolean(),
})

/** What may be missing or wrong before a video goes live; a team setting says which count. */
export const readinessChecks = ['caption', 'product', 'broken_tag', 'poster', 'subtitles'] as const
export type ReadinessCheck = (typeof readinessChecks)[number]

export const readinessSettingsSchema = z.object({ required: z.array(z.enum(readinessChecks)) })
export type ReadinessSettings = z.infer<typeof readinessSettingsSchema>

/** The most videos one readiness check names (`video_id`); a larger selection asks in batches. */
export const readinessVideosMax = 100

export const readinessSchema = z.object({
  required: z.array(z.enum(readinessChecks)),
  videos: z.array(
    z.object({
      video_id: z.string(),
      problems: z.array(z.object({ check: z.enum(readinessChecks), message: z.string() })),
    }),
  ),
})
export type Readiness = z.infer<typeof readinessSchema>

/**
 * A channel's day at a glance, from the index (the home page). Days are UTC; `attention` counts
 * the unarchived videos failing one of the `required` checks, `broken_tag_videos` the videos with
 * a tag whose product no longer sells (as tag health lists them, archived ones too).
 */
export const indexSummarySchema = z.object({
  channel_id: z.string(),
  /** The moment the states are counted at (scheduled is after it, live before it). */
  at: z.string(),
  states: z.object({
    draft: z.number(),
    scheduled: z.number(),
    live: z.number(),
    archived: z.number(),
  }),
  /** The next 14 UTC days from today's, each with the videos scheduled to go live on it. */
  scheduled_days: z.array(z.object({ day: z.string(), videos: z.number() })),
  attention: z.number(),
  required: z.array(z.enum(readinessChecks)),
  broken_tag_videos: z.number(),
  live_without_product: z.number(),
  index: indexStatusSchema,
})
export type IndexSummary = z.infer<typeof indexSummarySchema>
