import type { Kysely } from 'kysely'
import type { DashboardTables } from '../db/database.ts'
import type { PendingSuggestions, RulesDb } from './rules-deps.ts'

/** A tagged product as the rules read it; unknown to the index, every fact is null. */
export interface RuleProduct {
  id: string
  brand: string | null
  category: string | null
  store_id: string | null
  /** Known, still in its store and with some stock. */
  in_stock: boolean
  price_min: number | null
}

/** One video as the index knows it, with what the rules' conditions read. */
export interface RuleVideo {
  id: string
  channel_id: string
  caption: string | null
  description: string | null
  hashtags: string[]
  access: string | null
  published_at: string | null
  archived_at: string | null
  created_at: string | null
  duration: number | null
  poster_count: number
  product_count: number
  /** Products and variants tagged, by id. */
  tags: string[]
  /** The products (not variants) tagged. */
  products: RuleProduct[]
  /** The scores of the AI's suggestions waiting for a person. */
  suggestions: number[]
}

const batch = 500

/** The videos as the rules read them, by id; a video the index does not hold is absent. */
export async function readRuleVideos(
  from: Kysely<DashboardTables> | RulesDb,
  pending: PendingSuggestions,
  ids: readonly string[],
): Promise<Map<string, RuleVideo>> {
  // The rules' own tables are not read here.
  const db = from as Kysely<DashboardTables>
  const videos = new Map<string, RuleVideo>()
  for (let start = 0; start < ids.length; start += batch) {
    const some = [...new Set(ids.slice(start, start + batch))]
    const [rows, tags, suggestions] = await Promise.all([
      db
        .selectFrom('indexed_videos')
        .select([
          'id',
          'channel_id',
          'caption',
          'description',
          'hashtags',
          'access',
          'published_at',
          'archived_at',
          'created_at',
          'duration',
          'poster_count',
          'product_count',
        ])
        .where('id', 'in', some)
        .execute(),
      db
        .selectFrom('indexed_video_tags as t')
        .leftJoin('indexed_products as p', 'p.id', 't.tag_id')
        .select([
          't.video_id',
          't.tag_id',
          't.kind',
          'p.id as known',
          'p.brand',
          'p.category',
          'p.store_id',
          'p.in_stock',
          'p.gone_at',
          'p.price_min',
        ])
        .where('t.video_id', 'in', some)
        .execute(),
      db
        .selectFrom(pending(db).as('s'))
        .select(['s.video_id', 's.score'])
        .where('s.video_id', 'in', some)
        .execute(),
    ])
    for (const row of rows)
      videos.set(row.id, {
        ...row,
        hashtags: JSON.parse(row.hashtags) as string[],
        access: row.access ?? null,
        created_at: row.created_at ?? null,
        description: row.description ?? null,
        duration: row.duration === null ? null : Number(row.duration),
        tags: [],
        products: [],
        suggestions: [],
      })
    for (const tag of tags) {
      const video = videos.get(tag.video_id)
      if (!video) continue
      video.tags.push(tag.tag_id)
      if (tag.kind !== 'product') continue
      video.products.push({
        id: tag.tag_id,
        brand: tag.brand ?? null,
        category: tag.category ?? null,
        store_id: tag.store_id ?? null,
        in_stock: tag.known !== null && tag.gone_at === null && tag.in_stock === 1,
        price_min: tag.price_min === null ? null : Number(tag.price_min),
      })
    }
    for (const suggestion of suggestions)
      videos.get(suggestion.video_id)?.suggestions.push(Number(suggestion.score))
  }
  return videos
}

/** The index's facts of some products, by id (those it does not know are absent). */
export async function readRuleProducts(
  from: Kysely<DashboardTables> | RulesDb,
  ids: readonly string[],
): Promise<Map<string, RuleProduct>> {
  const db = from as Kysely<DashboardTables>
  const products = new Map<string, RuleProduct>()
  if (ids.length === 0) return products
  const rows = await db
    .selectFrom('indexed_products')
    .select(['id', 'brand', 'category', 'store_id', 'in_stock', 'gone_at', 'price_min'])
    .where('id', 'in', [...new Set(ids)].slice(0, 1000))
    .execute()
  for (const row of rows)
    products.set(row.id, {
      id: row.id,
      brand: row.brand,
      category: row.category,
      store_id: row.store_id,
      in_stock: row.gone_at === null && row.in_stock === 1,
      price_min: row.price_min === null ? null : Number(row.price_min),
    })
  return products
}
