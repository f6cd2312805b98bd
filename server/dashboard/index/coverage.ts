import { type ExpressionBuilder, sql } from 'kysely'
import type { ProductSort } from '../../../src/api/merch-index.ts'
import type { DashboardDb, DashboardTables } from '../db/database.ts'
import { productView, videoView } from './index-queries.ts'

type VideoRow = ExpressionBuilder<DashboardTables, 'indexed_videos'>

/** Published (not in the future) and not archived, at `now`: what shoppers can watch. */
const liveAt = (now: string) => (eb: VideoRow) =>
  eb.and([
    eb('indexed_videos.published_at', 'is not', null),
    eb('indexed_videos.published_at', '<=', now),
    eb('indexed_videos.archived_at', 'is', null),
  ])

export interface CoverageQuery {
  channelId: string
  sort: ProductSort
  descending: boolean
  offset: number
  limit: number
  now?: Date
}

/**
 * The store's products that no live video of the channel shows: the merchandiser's list of what
 * to film or tag next. Gone products are left out (they have nothing to sell).
 */
export async function productsWithoutLiveVideo(db: DashboardDb, query: CoverageQuery) {
  const now = (query.now ?? new Date()).toISOString()
  const base = db
    .selectFrom('indexed_products as p')
    .where('p.gone_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('indexed_video_tags as t')
            .innerJoin('indexed_videos', 'indexed_videos.id', 't.video_id')
            .select(sql.lit(1).as('one'))
            .whereRef('t.tag_id', '=', 'p.id')
            .where('indexed_videos.channel_id', '=', query.channelId)
            .where((eb) => liveAt(now)(eb as unknown as VideoRow)),
        ),
      ),
    )
  const column = {
    name: 'p.name',
    brand: 'p.brand',
    price: 'p.price_min',
    quantity: 'p.quantity',
  } as const
  const direction = query.descending ? 'desc' : 'asc'
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('p')
      .orderBy(column[query.sort], direction)
      .orderBy('p.id')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ])
  return { total: Number(total.n), products: rows.map(productView) }
}

/** The channel's live videos that show no product: watched, and selling nothing. */
export async function liveVideosWithoutProduct(
  db: DashboardDb,
  query: { channelId: string; offset: number; limit: number; now?: Date },
) {
  const now = (query.now ?? new Date()).toISOString()
  const base = db
    .selectFrom('indexed_videos')
    .where('indexed_videos.channel_id', '=', query.channelId)
    .where('indexed_videos.product_count', '=', 0)
    .where(liveAt(now))
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('indexed_videos.sort_key', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ])
  return { total: Number(total.n), videos: rows.map(videoView) }
}
