import type { Product, VideoEvent } from '../../../src/api/generated/types.gen.ts'
import type { VideoWith } from '../../../src/api/video-fields.ts'
import type { IndexedProductTable, IndexedVideoTable } from './tables.ts'

/** What the backfill and every read ask the service for (`fields`), and nothing more. */
export const indexFields = [
  'caption',
  'description',
  'hashtags',
  'access',
  'published_at',
  'archived_at',
  'duration',
  'thumbnail_url',
  'video_posters',
  'product_ids',
  'variant_ids',
] as const

export type IndexedVideo = VideoWith<(typeof indexFields)[number]>

/** A row's columns that a read of the video sets (sort_key, status and created_at are the index's own). */
export type VideoFacts = Omit<IndexedVideoTable, 'sort_key' | 'status' | 'created_at'>

// One spelling of a time (milliseconds, Z), so times compare as text on either database.
const isoTime = (value: string | null) => (value === null ? null : new Date(value).toISOString())

export function factsFromVideo(
  video: IndexedVideo,
  channelId: string,
  sourceAt: number,
  confirmedAt: string,
): VideoFacts {
  return {
    id: video.id,
    channel_id: channelId,
    caption: video.caption,
    description: video.description,
    hashtags: JSON.stringify(video.hashtags),
    access: video.access,
    published_at: isoTime(video.published_at),
    archived_at: isoTime(video.archived_at),
    duration: video.duration,
    thumbnail_url: video.thumbnail_url,
    poster_count: video.video_posters.length,
    product_ids: JSON.stringify(video.product_ids),
    variant_ids: JSON.stringify(video.variant_ids),
    product_count: video.product_ids.length,
    source_at: sourceAt,
    confirmed_at: confirmedAt,
    partial: 0,
  }
}

/**
 * The columns a webhook's snapshot can set. It carries no publication state, variants or
 * duration (document 1, 6.3): those stay as they were, and are read after.
 */
export function factsFromSnapshot(event: VideoEvent) {
  const data = event.data
  return {
    caption: data.caption,
    description: data.description,
    hashtags: JSON.stringify(data.hashtags),
    access: data.access,
    archived_at: isoTime(data.archived_at),
    thumbnail_url: data.thumbnail_url,
    poster_count: data.video_posters.length,
    product_ids: JSON.stringify(data.product_ids),
    product_count: data.product_ids.length,
    status: data.status,
    source_at: event.created * 1000,
  } satisfies Partial<IndexedVideoTable>
}

export function productRow(product: Product, seenAt: string): IndexedProductTable {
  const prices = product.units.map((unit) => unit.price).filter((price) => price !== null)
  const counted = product.units.map((unit) => unit.quantity).filter((count) => count !== null)
  // A unit that does not count its stock is taken as available, as the storefront sells it.
  const inStock = product.units.length === 0 || product.units.some((unit) => unit.quantity !== 0)
  const identifiers = [
    product.handle,
    product.external_id,
    ...product.units.flatMap((unit) => [
      unit.sku,
      unit.gtin,
      unit.mpn,
      unit.barcode,
      unit.external_id,
    ]),
  ]
  return {
    id: product.id,
    store_id: product.business_store_id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    currency: product.currency,
    identifiers: identifiers
      .filter((value): value is string => Boolean(value))
      .join(' ')
      .toLowerCase(),
    image_urls: JSON.stringify(
      [...product.images].sort((a, b) => a.position - b.position).map((image) => image.url),
    ),
    unit_ids: JSON.stringify(product.units.map((unit) => unit.id)),
    price_min: prices.length ? Math.min(...prices) : null,
    price_max: prices.length ? Math.max(...prices) : null,
    quantity: counted.length ? counted.reduce((sum, count) => sum + count, 0) : null,
    in_stock: inStock ? 1 : 0,
    seen_at: seenAt,
    gone_at: null,
  }
}
