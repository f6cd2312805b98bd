import { sql, type Transaction } from 'kysely'
import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'
import type { DashboardDb, DashboardTables } from '../db/database.ts'
import type { IndexedProductTable } from './tables.ts'
import { factsFromSnapshot, type VideoFacts } from './video-rows.ts'

type Db = DashboardDb | Transaction<DashboardTables>

const tagRows = (videoId: string, products: string[], variants: string[]) => [
  ...[...new Set(products)].map((tag) => ({
    tag_id: tag,
    video_id: videoId,
    kind: 'product' as const,
  })),
  ...[...new Set(variants)].map((tag) => ({
    tag_id: tag,
    video_id: videoId,
    kind: 'variant' as const,
  })),
]

async function replaceTags(
  db: Db,
  videoIds: string[],
  rows: ReturnType<typeof tagRows>,
  kinds: ('product' | 'variant')[] = ['product', 'variant'],
) {
  if (videoIds.length === 0) return
  await db
    .deleteFrom('indexed_video_tags')
    .where('video_id', 'in', videoIds)
    .where('kind', 'in', kinds)
    .execute()
  // Bounded batches keep under SQLite's limit on bound values.
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('indexed_video_tags')
      .values(rows.slice(start, start + 500))
      .execute()
}

/**
 * Saves what reads of the service said, each only over a row that holds older news (a read that
 * started before a webhook was applied loses to it). New rows take `sortKey(id)` and `createdAt`
 * (when the index first found them, or null when it cannot tell); a known row keeps both.
 * Returns the IDs written.
 */
export async function saveVideos(
  db: DashboardDb,
  videos: VideoFacts[],
  sortKey: (id: string) => number,
  createdAt: string | null = null,
): Promise<string[]> {
  if (videos.length === 0) return []
  return db.transaction().execute(async (tx) => {
    const written = await tx
      .insertInto('indexed_videos')
      .values(
        videos.map((video) => ({
          ...video,
          sort_key: sortKey(video.id),
          status: null,
          created_at: createdAt,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => {
            const { id: _id, ...columns } = videos[0] as VideoFacts
            return {
              ...Object.fromEntries(
                Object.keys(columns).map((column) => [
                  column,
                  eb.ref(`excluded.${column as keyof VideoFacts}`),
                ]),
              ),
              // A read that found the video in no channel may be saved after another replica
              // placed it: it never unplaces it (its channel's rules would hear of it no more).
              channel_id: eb
                .case()
                .when('excluded.channel_id', '=', '')
                .then(eb.ref('indexed_videos.channel_id'))
                .else(eb.ref('excluded.channel_id'))
                .end(),
            }
          })
          .where('indexed_videos.source_at', '<=', (eb) => eb.ref('excluded.source_at')),
      )
      .returning('id')
      .execute()
    const ids = new Set(written.map((row) => row.id))
    const tags = videos
      .filter((video) => ids.has(video.id))
      .flatMap((video) =>
        tagRows(video.id, JSON.parse(video.product_ids), JSON.parse(video.variant_ids)),
      )
    await replaceTags(tx, [...ids], tags)
    return [...ids]
  })
}

/**
 * Applies a webhook's snapshot unless the row holds newer news: a snapshot from an earlier
 * second than the row's source is not applied (`created` has whole seconds). What the snapshot
 * lacks stays, and the row is marked partial until a read completes it. Returns whether applied.
 */
export async function applySnapshot(
  db: DashboardDb,
  event: VideoEvent,
  channelId: string | null,
): Promise<boolean> {
  // Null when another replica inserted the video between this one's read and its insert: then
  // once more, over the row it made (its news may be newer).
  return (
    (await applySnapshotOnce(db, event, channelId)) ??
    (await applySnapshotOnce(db, event, channelId)) ??
    false
  )
}

function applySnapshotOnce(
  db: DashboardDb,
  event: VideoEvent,
  channelId: string | null,
): Promise<boolean | null> {
  const facts = factsFromSnapshot(event)
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('indexed_videos')
      .select(['source_at'])
      .where('id', '=', event.data.id)
      .executeTakeFirst()
    // The video_created webhook tells when the video was made, late or not; other first news,
    // when it was seen.
    const createdAt = new Date(event.created * 1000).toISOString()
    // A snapshot of the second the row's news comes from may be older or newer: it waits for the
    // read that follows every webhook, which the rules hear after (an older one undid a change).
    if (row && Math.floor(row.source_at / 1000) >= event.created) {
      if (event.event_type === 'video_created')
        await tx
          .updateTable('indexed_videos')
          .set({ created_at: createdAt })
          .where('id', '=', event.data.id)
          .execute()
      return false
    }
    if (row) {
      await tx
        .updateTable('indexed_videos')
        .set({
          ...facts,
          partial: 1,
          ...(event.event_type === 'video_created' ? { created_at: createdAt } : {}),
        })
        .where('id', '=', event.data.id)
        .execute()
    } else {
      const inserted = await tx
        .insertInto('indexed_videos')
        .values({
          ...facts,
          id: event.data.id,
          channel_id: channelId ?? '',
          published_at: null,
          duration: null,
          variant_ids: '[]',
          sort_key: facts.source_at,
          confirmed_at: new Date(0).toISOString(),
          partial: 1,
          created_at: createdAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!inserted) return null
    }
    await replaceTags(tx, [event.data.id], tagRows(event.data.id, event.data.product_ids, []), [
      'product',
    ])
    return true
  })
}

export async function forgetVideos(db: DashboardDb, ids: string[]) {
  // Bounded batches keep under SQLite's limit on bound values.
  for (let start = 0; start < ids.length; start += 500) {
    const batch = ids.slice(start, start + 500)
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('indexed_video_tags').where('video_id', 'in', batch).execute()
      await tx.deleteFrom('indexed_videos').where('id', 'in', batch).execute()
    })
  }
}

/** Rows of a channel that a full pass begun at `passStart` neither read nor heard of since. */
export async function unconfirmedSince(
  db: DashboardDb,
  channelIds: string[],
  passStart: Date,
): Promise<string[]> {
  const rows = await db
    .selectFrom('indexed_videos')
    .select('id')
    .where((eb) => eb('channel_id', 'in', [...channelIds, '']))
    .where('confirmed_at', '<', passStart.toISOString())
    .where('source_at', '<', passStart.getTime())
    .execute()
  return rows.map((row) => row.id)
}

export async function saveProducts(db: DashboardDb, products: IndexedProductTable[]) {
  if (products.length === 0) return
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('indexed_products')
      .values(products)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => {
          const { id: _id, ...columns } = products[0] as IndexedProductTable
          return Object.fromEntries(
            Object.keys(columns).map((column) => [
              column,
              eb.ref(`excluded.${column as keyof IndexedProductTable}`),
            ]),
          )
        }),
      )
      .execute()
  })
}

/** Products of a store a full pass begun at `passStart` did not find: gone from the store. */
export async function markProductsGone(
  db: DashboardDb,
  storeId: string,
  passStart: Date,
): Promise<number> {
  const result = await db
    .updateTable('indexed_products')
    .set({ gone_at: new Date().toISOString() })
    .where('store_id', '=', storeId)
    .where('seen_at', '<', passStart.toISOString())
    .where('gone_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Tells the query planner how the index's tables are spread. Without it SQLite guessed that one
 * channel's videos are few, and the coverage view read the whole channel once per product (220 ms
 * against 1.5 ms at 5,000 videos, measured).
 */
export async function refreshStatistics(db: DashboardDb) {
  for (const table of ['indexed_videos', 'indexed_video_tags', 'indexed_products'])
    await sql`analyze ${sql.table(table)}`.execute(db)
}
