import type { Selectable } from 'kysely'
import type {
  IndexedProduct,
  IndexedVideo,
  IndexStatus,
  ReadinessCheck,
} from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import type { IndexedProductTable, IndexedVideoTable } from './tables.ts'
import { captionHas, inState, needsAttention, type PublicationState } from './video-conditions.ts'

export interface VideoFilter {
  channelId: string
  /** Product or variant IDs. */
  tags: string[]
  match: 'any' | 'all'
  /** Only videos with no product. */
  untagged: boolean
  /** Only videos in this publication state (at `now`). */
  state?: PublicationState
  /** Only videos failing one of these required checks. */
  attention?: readonly ReadinessCheck[]
  /** Words in the caption, any case. */
  q?: string
  now?: string
  /** From the previous page: `<sort_key>.<id>`. */
  after: string | null
  pageSize: number
}

/** A video row as the index's answers give it. */
export const videoView = (row: Selectable<IndexedVideoTable>): IndexedVideo => ({
  id: row.id,
  caption: row.caption,
  hashtags: JSON.parse(row.hashtags) as string[],
  access: row.access,
  published_at: row.published_at,
  archived_at: row.archived_at,
  duration: row.duration,
  thumbnail_url: row.thumbnail_url,
  poster_count: row.poster_count,
  product_ids: JSON.parse(row.product_ids) as string[],
  variant_ids: JSON.parse(row.variant_ids) as string[],
  confirmed_at: row.confirmed_at,
  partial: row.partial === 1,
})

/** A product row as the index's answers give it. */
export const productView = (row: Selectable<IndexedProductTable>): IndexedProduct => ({
  ...row,
  image_urls: JSON.parse(row.image_urls) as string[],
  unit_ids: JSON.parse(row.unit_ids) as string[],
  in_stock: row.in_stock === 1,
})

const cursorOf = (row: { sort_key: number; id: string }) => `${row.sort_key}.${row.id}`

function parseCursor(cursor: string | null) {
  const match = cursor?.match(/^(-?\d+)\.(.+)$/)
  return match ? { sortKey: Number(match[1]), id: match[2] as string } : null
}

/**
 * A channel's indexed videos, newest first, that show the given products or variants (any or
 * all of them), or that show none; in a publication state; needing attention. Keyset pages, so the thousandth page costs what the first does.
 */
export async function findVideos(db: DashboardDb, filter: VideoFilter) {
  let query = db.selectFrom('indexed_videos as v').where('v.channel_id', '=', filter.channelId)
  if (filter.untagged) query = query.where('v.product_count', '=', 0)
  const now = filter.now ?? new Date().toISOString()
  const { state, attention } = filter
  if (state) query = query.where((eb) => inState(eb, state, now))
  if (attention) query = query.where((eb) => needsAttention(eb, attention))
  const words = filter.q?.trim().toLowerCase()
  if (words) query = query.where((eb) => captionHas(eb, words))
  const tags = [...new Set(filter.tags)]
  if (tags.length > 0) {
    const tagged = db
      .selectFrom('indexed_video_tags')
      .select('video_id')
      .where('tag_id', 'in', tags)
    query = query.where(
      'v.id',
      'in',
      filter.match === 'all'
        ? tagged
            .groupBy('video_id')
            .having((eb) => eb.fn.count('tag_id').distinct(), '=', tags.length)
        : tagged,
    )
  }
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  const after = parseCursor(filter.after)
  const rows = await query
    .selectAll('v')
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('v.sort_key', '<', after?.sortKey ?? 0),
          eb.and([eb('v.sort_key', '=', after?.sortKey ?? 0), eb('v.id', '<', after?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('v.sort_key', 'desc')
    .orderBy('v.id', 'desc')
    .limit(filter.pageSize + 1)
    .execute()
  const page = rows.slice(0, filter.pageSize)
  const last = page.at(-1)
  return {
    videos: page.map(videoView),
    pagination: {
      total_entries: Number(total.count),
      cursor: rows.length > filter.pageSize && last ? cursorOf(last) : null,
    },
  }
}

/** How complete and how fresh the index is, and the pass running now, if any. */
export async function indexStatus(
  db: DashboardDb,
  lastEventAt: string | null,
): Promise<IndexStatus> {
  const [lastDone, runningNow, videos, products, partial] = await Promise.all([
    db
      .selectFrom('index_runs')
      .selectAll()
      .where('state', '=', 'done')
      .orderBy('started_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('index_runs')
      .selectAll()
      .where('state', '=', 'running')
      .orderBy('started_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('indexed_videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('indexed_products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gone_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('indexed_videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('partial', '=', 1), eb('channel_id', '=', '')]))
      .executeTakeFirstOrThrow(),
  ])
  const run = (row: typeof lastDone) =>
    row && {
      kind: row.kind,
      started_at: row.started_at,
      finished_at: row.finished_at,
      videos: Number(row.videos),
      products: Number(row.products),
      requests: Number(row.requests),
      corrected: Number(row.corrected),
    }
  return {
    state: lastDone ? 'ready' : runningNow ? 'filling' : 'empty',
    /** Everything the index holds was read from the service at or after this, or heard since. */
    confirmed_at: lastDone?.started_at ?? null,
    last_event_at: lastEventAt,
    videos: Number(videos.n),
    products: Number(products.n),
    /** Rows a webhook changed that a read has not completed yet, or not yet placed in a channel. */
    unconfirmed: Number(partial.n),
    last_pass: run(lastDone) ?? null,
    running: run(runningNow) ?? null,
  }
}
