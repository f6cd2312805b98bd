/**
 * Webhooks out of order (found by bench:rules): a video_created that comes after an update, and
 * an update that comes after the index has read the video anew, are not applied over what the
 * index holds, yet still wake the rules of their trigger, which act on the video as it is; and a
 * webhook is answered only once the runs it wakes are claimed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'
import { deliver } from './webhook-tee.ts'

let world: RulesWorld
let storeId: string
let product: string

beforeAll(async () => {
  world = await startRulesWorld()
  const catalog = await world.catalog()
  storeId = catalog.storeId
  product = catalog.products[0] as string
}, 90_000)
afterAll(() => world?.close())

async function delivery(videoId: string, type: string, hashtag: string) {
  let found: (typeof world.tee.deliveries)[number] | undefined
  await waitUntil(() => {
    found = world.tee.deliveries.find(
      (each) =>
        each.event.event_type === type &&
        each.event.data.id === videoId &&
        each.event.data.hashtags.includes(hashtag),
    )
    return Boolean(found)
  }, `the ${type} of ${videoId}`)
  return found as NonNullable<typeof found>
}

async function ruleAdding(name: string, trigger: 'video_created' | 'video_updated', tag: string) {
  const playlist = await world.call<Playlist>('POST', '/playlists', {
    channel_id: world.channel,
    name,
  })
  const ruleId = await world.addRule({
    name,
    description: '',
    channel_id: world.channel,
    trigger: { type: trigger },
    conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: tag }] },
    actions: [{ type: 'playlist_add', playlist_id: playlist.id, position: 'top' }],
    priority: 100,
  })
  const placed = (videoId: string) =>
    waitUntil(
      async () =>
        (await world.call<Playlist>('GET', `/playlists/${playlist.id}`)).video_ids.includes(
          videoId,
        ),
      `the video in “${name}”`,
      { timeoutMs: 15_000, intervalMs: 50 },
    )
  return { ruleId, placed }
}

/** The service's webhooks carry whole seconds: what comes after this one is newer. */
const nextSecond = (second: number) =>
  waitUntil(() => Math.floor(Date.now() / 1000) > second, 'the next second')

/** Waits for the index to hold the video, read in full, with the hashtag. */
const indexed = (videoId: string, hashtag: string) =>
  waitUntil(async () => {
    const row = await world.base
      .selectFrom('indexed_videos')
      .select(['hashtags', 'partial', 'channel_id'])
      .where('id', '=', videoId)
      .executeTakeFirst()
    return row?.partial === 0 && row.channel_id !== '' && row.hashtags.includes(hashtag)
  }, `the index to hold ${videoId} with #${hashtag}`)

const newVideo = (hashtags: string[]) =>
  world.call<Video>('POST', '/videos', {
    channel_id: world.channel,
    caption: `Out of order ${Date.now()}`,
    hashtags,
    product_ids: [product],
    business_store_id: storeId,
    file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
  })

it('runs the rules of a video_created delivered after a newer update', async () => {
  const { ruleId, placed } = await ruleAdding('Created late', 'video_created', 'latecreated')
  world.tee.hold(true)
  const video = await newVideo(['latecreated'])
  const created = await delivery(video.id, 'video_created', 'latecreated')
  await nextSecond(created.event.created)
  await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['latecreated', 'more'] })
  const updated = await delivery(video.id, 'video_updated', 'more')
  world.tee.hold(false)
  const url = world.dashboards[0]?.url ?? ''
  expect(await deliver(url, updated.body, updated.signature)).toBe(202)
  await indexed(video.id, 'more')
  expect(await deliver(url, created.body, created.signature)).toBe(202)
  await placed(video.id)
  const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
  expect(run).toMatchObject({ cause: { kind: 'video_created' }, outcome: 'applied' })
})

it('runs the rules of an update delivered after the index read the video anew', async () => {
  const { ruleId, placed } = await ruleAdding('Updated late', 'video_updated', 'lateupdated')
  world.tee.hold(true)
  const video = await newVideo(['first'])
  const created = await delivery(video.id, 'video_created', 'first')
  await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['first', 'lateupdated'] })
  const updated = await delivery(video.id, 'video_updated', 'lateupdated')
  await nextSecond(updated.event.created)
  world.tee.hold(false)
  const url = world.dashboards[0]?.url ?? ''
  // The read that completes the creation finds the hashtag already; the update then is older.
  expect(await deliver(url, created.body, created.signature)).toBe(202)
  await indexed(video.id, 'lateupdated')
  expect(await deliver(url, updated.body, updated.signature)).toBe(202)
  await placed(video.id)
  const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
  expect(run).toMatchObject({ cause: { kind: 'video_updated' }, outcome: 'applied' })
})

it('answers a webhook only once the runs it wakes are claimed, so a replica stopped after loses none', async () => {
  const { ruleId, placed } = await ruleAdding('Claimed first', 'video_updated', 'claimedfirst')
  world.tee.hold(true)
  const video = await newVideo(['plain'])
  const created = await delivery(video.id, 'video_created', 'plain')
  await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['plain', 'claimedfirst'] })
  const updated = await delivery(video.id, 'video_updated', 'claimedfirst')
  world.tee.hold(false)
  const url = world.dashboards[0]?.url ?? ''
  expect(await deliver(url, created.body, created.signature)).toBe(202)
  expect(await deliver(url, updated.body, updated.signature)).toBe(202)
  const claimed = await world.db
    .selectFrom('rule_runs')
    .select('video_id')
    .where('rule_id', '=', ruleId)
    .execute()
  expect(claimed).toEqual([{ video_id: video.id }])
  await placed(video.id)
})
