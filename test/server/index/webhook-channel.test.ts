/**
 * A webhook names no channel: a new video's snapshot goes into the one channel the index holds,
 * and waits unplaced for the read that follows when it holds several (or none).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { createMerchIndex } from '../../../server/dashboard/index/merch-index.ts'
import { applySnapshot, saveVideos } from '../../../server/dashboard/index/video-index.ts'
import { factsFromVideo, type IndexedVideo } from '../../../server/dashboard/index/video-rows.ts'
import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'
import { videoEvent } from '../webhooks/support.ts'

let db: DashboardDb
let index: ReturnType<typeof createMerchIndex>
beforeAll(async () => {
  db = await openDashboardDb({ sqlitePath: ':memory:', areas: areaMigrations })
  // The service cannot be reached: only the snapshot is applied, as before the read comes.
  const offline = {
    requests: 0,
    get: () => Promise.reject(new Error('the service cannot be reached')),
  }
  index = createMerchIndex({ db, reader: offline, log: () => {} })
})
afterAll(async () => {
  await index?.settled()
  await db?.destroy()
})

const created = Math.floor(Date.now() / 1000)
const event = (id: string) => videoEvent(id, created, 'video_created') as unknown as VideoEvent
const indexIn = (id: string, channel: string) => applySnapshot(db, event(id), channel)
const channelOf = async (id: string) => {
  await index.applyEvent(event(id))
  const row = await db
    .selectFrom('indexed_videos')
    .select('channel_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.channel_id
}

it('leaves a new video unplaced while the index holds no channel', async () => {
  expect(await channelOf('new-1')).toBe('')
})

it('puts a new video in the one channel the index holds, whatever else is unplaced', async () => {
  for (const id of ['m-1', 'm-2', 'm-3']) await indexIn(id, 'main')
  expect(await channelOf('new-2')).toBe('main')
})

it('leaves a new video unplaced once the index holds two channels, for its read to place', async () => {
  await indexIn('o-1', 'outlet')
  expect(await channelOf('new-3')).toBe('')
})

// Two replicas complete two webhooks of one new video: one places it while the other's read,
// which found it unplaced a moment before, is being saved. The rules of its channel hear of it
// only while the index knows the channel.
it('keeps the channel a video was placed in when a read made before the placing is saved', async () => {
  await indexIn('new-4', '')
  await db
    .updateTable('indexed_videos')
    .set({ channel_id: 'outlet' })
    .where('id', '=', 'new-4')
    .execute()
  const read: IndexedVideo = {
    id: 'new-4',
    caption: 'Read before it was placed',
    description: null,
    hashtags: ['fresh'],
    access: 'public',
    published_at: null,
    archived_at: null,
    duration: 12,
    thumbnail_url: null,
    video_posters: [],
    product_ids: [],
    variant_ids: [],
  }
  const later = Date.now() + 1000
  await saveVideos(
    db,
    [factsFromVideo(read, '', later, new Date(later).toISOString())],
    () => later,
  )
  const row = await db
    .selectFrom('indexed_videos')
    .select(['channel_id', 'caption'])
    .where('id', '=', 'new-4')
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ channel_id: 'outlet', caption: 'Read before it was placed' })
})
