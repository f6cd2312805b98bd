import { randomUUID } from 'node:crypto'
import type {
  BusinessStoreList,
  ChannelList,
  ProductList,
  VideoList,
} from '../../../src/api/generated/types.gen.ts'
import { withFields } from '../../../src/api/video-fields.ts'
import type { DashboardDb } from '../db/database.ts'
import type { Lease } from '../db/lease.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import { withCorrections } from './corrections.ts'
import type { VideoNews } from './index-changes.ts'
import { allPages } from './pages.ts'
import type { IndexRunTable } from './tables.ts'
import {
  forgetVideos,
  markProductsGone,
  refreshStatistics,
  saveProducts,
  saveVideos,
  unconfirmedSince,
} from './video-index.ts'
import { factsFromVideo, type IndexedVideo, indexFields, productRow } from './video-rows.ts'

export class LeaseLost extends Error {
  constructor() {
    super('Another replica took over the index pass')
  }
}

export interface PassContext {
  db: DashboardDb
  reader: ServiceReader
  lease: Lease
  holder: string
  /** Aborted when the dashboard shuts down: the pass stops after its current page. */
  signal?: AbortSignal
  /** Given to a reconcile: told what it changed that no webhook announced (the rules run on it). */
  corrected?: (news: VideoNews[]) => void
  /** Told once the pass is recorded as running. */
  begun?: () => void
}

/** Reads one video as the index keeps it; null when the service no longer has it. */
export async function readVideo(reader: ServiceReader, id: string) {
  const readAt = Date.now()
  const video = await reader.get<VideoList['videos'][number]>(
    `/api/v1/videos/${encodeURIComponent(id)}?fields=${indexFields.join(',')}`,
  )
  return video ? { video: withFields(video, indexFields) as IndexedVideo, readAt } : null
}

/**
 * Reads one video again and saves it where the row keeps its channel; says whether the service
 * still has it (the caller forgets it if not).
 */
export async function refreshVideo(db: DashboardDb, reader: ServiceReader, id: string) {
  const read = await readVideo(reader, id)
  if (!read) return false
  const row = await db
    .selectFrom('indexed_videos')
    .select('channel_id')
    .where('id', '=', id)
    .executeTakeFirst()
  const confirmedAt = new Date().toISOString()
  const facts = factsFromVideo(read.video, row?.channel_id ?? '', read.readAt, confirmedAt)
  await saveVideos(db, [facts], () => read.readAt)
  return true
}

/**
 * One backfill or reconcile: every channel's videos (archived ones too) and every store's
 * products, read page by page and saved as they come, then whatever the pass did not find is
 * checked one by one and forgotten if the service no longer has it. Runs while it holds the lease
 * (renewed each page); its progress is in `index_runs`.
 */
export async function runFullPass(context: PassContext, kind: IndexRunTable['kind']) {
  const { db, lease } = context
  // Its own count: the review queue's rechecks and webhooks' reads share the service's reader.
  const reader = context.reader.counted?.() ?? context.reader
  const pass: PassContext = { ...context, reader }
  const passStart = new Date()
  const requestsBefore = reader.requests
  const run: IndexRunTable = {
    id: randomUUID(),
    kind,
    holder: context.holder,
    started_at: passStart.toISOString(),
    finished_at: null,
    state: 'running',
    videos: 0,
    products: 0,
    requests: 0,
    corrected: 0,
    error: null,
  }
  await db.insertInto('index_runs').values(run).execute()
  context.begun?.()
  const progress = async () => {
    run.requests = reader.requests - requestsBefore
    context.signal?.throwIfAborted()
    if (!(await lease.take())) throw new LeaseLost()
    await db
      .updateTable('index_runs')
      .set({
        videos: run.videos,
        products: run.products,
        requests: run.requests,
        corrected: run.corrected,
      })
      .where('id', '=', run.id)
      .execute()
  }
  try {
    const channels = (await reader.get<ChannelList>('/api/v1/channels'))?.channels ?? []
    for (const channel of channels) {
      let position = 0
      for (const archived of ['false', 'true']) {
        const pages = allPages<VideoList>(reader, '/api/v1/videos', {
          channel_id: channel.id,
          archived,
          fields: indexFields.join(','),
          page_size: '100',
        })
        for await (const { page, readAt } of pages) {
          const confirmedAt = new Date().toISOString()
          const facts = page.videos.map((video) =>
            factsFromVideo(withFields(video, indexFields), channel.id, readAt, confirmedAt),
          )
          const order = new Map(facts.map((video) => [video.id, position++]))
          // What the first backfill finds was there before the index: when made, it cannot tell.
          const firstSeen = kind === 'backfill' ? null : passStart.toISOString()
          const save = () =>
            saveVideos(db, facts, (id) => passStart.getTime() - (order.get(id) ?? 0), firstSeen)
          if (context.corrected) {
            const ids = facts.map((video) => video.id)
            context.corrected(await withCorrections(db, ids, save))
          } else await save()
          run.videos += facts.length
          await progress()
        }
      }
    }
    run.corrected += await recheckUnseen(
      pass,
      channels.map((channel) => channel.id),
      passStart,
      progress,
    )
    run.products = await passOverProducts(pass, passStart, progress)
    await refreshStatistics(db)
    run.state = 'done'
  } catch (error) {
    run.state = 'failed'
    run.error = error instanceof Error ? error.message : String(error)
    throw error
  } finally {
    run.requests = reader.requests - requestsBefore
    await db
      .updateTable('index_runs')
      .set({ ...run, finished_at: new Date().toISOString() })
      .where('id', '=', run.id)
      .execute()
  }
  return run
}

// A row the pass neither read nor heard of since it began: deleted at the service, or moved
// between the pages as the pass read them. Each is read alone to tell which. The videos of a
// channel no longer listed (the service's access to it withdrawn) are forgotten with it.
async function recheckUnseen(
  context: PassContext,
  channelIds: string[],
  passStart: Date,
  progress: () => Promise<void>,
) {
  const orphans = await context.db
    .selectFrom('indexed_videos')
    .select('id')
    .where('channel_id', '!=', '')
    .$if(channelIds.length > 0, (q) => q.where('channel_id', 'not in', channelIds))
    .execute()
  await forgetVideos(
    context.db,
    orphans.map((row) => row.id),
  )
  const unseen = await unconfirmedSince(context.db, channelIds, passStart)
  const gone: string[] = []
  for (const [index, id] of unseen.entries()) {
    if (index % 50 === 49) await progress()
    const refresh = async () => {
      if (!(await refreshVideo(context.db, context.reader, id))) gone.push(id)
    }
    if (context.corrected) context.corrected(await withCorrections(context.db, [id], refresh))
    else await refresh()
  }
  await forgetVideos(context.db, gone)
  return unseen.length
}

async function passOverProducts(
  context: PassContext,
  passStart: Date,
  progress: () => Promise<void>,
): Promise<number> {
  const { db, reader } = context
  let count = 0
  const storeIds: string[] = []
  for await (const { page } of allPages<BusinessStoreList>(reader, '/api/v1/business_stores', {
    page_size: '100',
  })) {
    storeIds.push(...page.stores.map((store) => store.id))
  }
  for (const storeId of storeIds) {
    for await (const { page } of allPages<ProductList>(reader, '/api/v1/products', {
      business_store_id: storeId,
      page_size: '100',
    })) {
      const seenAt = new Date().toISOString()
      await saveProducts(
        db,
        page.products.map((product) => productRow(product, seenAt)),
      )
      count += page.products.length
      await progress()
    }
    await markProductsGone(db, storeId, passStart)
  }
  // A store no longer listed took its products with it.
  const goneStores = db
    .updateTable('indexed_products')
    .set({ gone_at: new Date().toISOString() })
    .where('gone_at', 'is', null)
  await (storeIds.length ? goneStores.where('store_id', 'not in', storeIds) : goneStores).execute()
  return count
}
