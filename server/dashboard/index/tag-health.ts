import type { Selectable } from 'kysely'
import type { BrokenTag } from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import { productView } from './index-queries.ts'
import type { IndexedProductTable } from './tables.ts'

type ProductRow = Selectable<IndexedProductTable>

/** Why a tag no longer sells: its product is out of stock on every unit, or gone. */
function problemOf(product: ProductRow | undefined): BrokenTag['problem'] | null {
  if (!product) return 'unknown'
  if (product.gone_at) return 'gone'
  return product.in_stock ? null : 'out_of_stock'
}

/**
 * The channel's videos whose product tags no longer sell, each with the products at fault and,
 * where one exists, a replacement: in stock in the same store, of the same brand (or, failing
 * that, the same category), not already on the video. Several videos usually share a broken
 * product, so each product's replacement is looked up once.
 */
export async function brokenTags(
  db: DashboardDb,
  channelId: string | null,
  options: { videoId?: string; limit?: number } = {},
): Promise<BrokenTag[]> {
  const tags = await db
    .selectFrom('indexed_video_tags as t')
    .innerJoin('indexed_videos as v', 'v.id', 't.video_id')
    .leftJoin('indexed_products as p', 'p.id', 't.tag_id')
    .select(['t.video_id', 't.tag_id', 'v.caption', 'v.product_ids', 'v.sort_key'])
    .$if(channelId !== null, (q) => q.where('v.channel_id', '=', channelId ?? ''))
    .where('t.kind', '=', 'product')
    .$if(options.videoId !== undefined, (q) => q.where('t.video_id', '=', options.videoId ?? ''))
    .where((eb) =>
      eb.or([eb('p.id', 'is', null), eb('p.gone_at', 'is not', null), eb('p.in_stock', '=', 0)]),
    )
    .orderBy('v.sort_key', 'desc')
    .orderBy('t.tag_id')
    .limit(options.limit ?? 500)
    .execute()
  const productIds = [...new Set(tags.map((tag) => tag.tag_id))]
  const products = new Map(
    productIds.length === 0
      ? []
      : (
          await db
            .selectFrom('indexed_products')
            .selectAll()
            .where('id', 'in', productIds)
            .execute()
        ).map((row) => [row.id, row] as const),
  )
  const replacements = new Map<string, ProductRow | null>()
  const result: BrokenTag[] = []
  for (const tag of tags) {
    const product = products.get(tag.tag_id)
    const problem = problemOf(product)
    if (!problem) continue
    const onVideo: string[] = JSON.parse(tag.product_ids)
    if (!replacements.has(tag.tag_id))
      replacements.set(tag.tag_id, product ? await replacementFor(db, product) : null)
    const replacement = replacements.get(tag.tag_id)
    result.push({
      video_id: tag.video_id,
      caption: tag.caption,
      product_id: tag.tag_id,
      product: product ? productView(product) : null,
      problem,
      replacement:
        replacement && !onVideo.includes(replacement.id) ? productView(replacement) : null,
    })
  }
  return result
}

async function replacementFor(db: DashboardDb, broken: ProductRow): Promise<ProductRow | null> {
  for (const [column, value] of [
    ['brand', broken.brand],
    ['category', broken.category],
  ] as const) {
    if (!value) continue
    const found = await db
      .selectFrom('indexed_products')
      .selectAll()
      .where('store_id', '=', broken.store_id)
      .where(column, '=', value)
      .where('id', '!=', broken.id)
      .where('gone_at', 'is', null)
      .where('in_stock', '=', 1)
      .orderBy('quantity', 'desc')
      .orderBy('name')
      .limit(1)
      .executeTakeFirst()
    if (found) return found
  }
  return null
}
