/**
 * The merchandiser's rule, end to end through the sandbox's own signed webhooks: "new
 * videos with #summer that tag a product from the main store go to the top of the Summer
 * playlist"; a redelivered webhook acts once, a late older one undoes nothing, a rule whose
 * action wakes it again settles, and each placement answers "why is this here?".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'
import { deliver } from './webhook-tee.ts'

let world: RulesWorld
let storeId: string
let products: string[]
let summer: Playlist
let cleared: Video[]

beforeAll(async () => {
  world = await startRulesWorld()
  ;({ storeId, products } = await world.catalog())
  cleared = await world.clearedVideos(6)
  const listed = await world.call<{ videos: { id: string }[] }>(
    'GET',
    `/videos?channel_id=${world.channel}&page_size=2`,
  )
  summer = await world.call<Playlist>('POST', '/playlists', {
    channel_id: world.channel,
    name: 'Summer',
    video_ids: listed.videos.map((video) => video.id),
  })
}, 90_000)
afterAll(() => world?.close())

const playlistIds = async () =>
  (await world.call<Playlist>('GET', `/playlists/${summer.id}`)).video_ids

async function newVideo(hashtags: string[], productIds: string[]) {
  return world.call<Video>('POST', '/videos', {
    channel_id: world.channel,
    caption: `New for the season ${Date.now()}`,
    hashtags,
    product_ids: productIds,
    business_store_id: storeId,
    file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
  })
}

describe('the summer rule', () => {
  let ruleId: string
  let video: Video

  beforeAll(async () => {
    ruleId = await world.addRule({
      name: 'Summer picks',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_created' },
      conditions: {
        group: 'all',
        children: [
          { field: 'hashtag', op: 'has', value: 'summer' },
          { field: 'product_facet', facet: 'store', op: 'any_is', value: storeId },
        ],
      },
      actions: [{ type: 'playlist_add', playlist_id: summer.id, position: 'top' }],
      priority: 100,
    })
  })

  it('puts a new matching video at the top of the playlist once its webhook comes', async () => {
    video = await newVideo(['summer'], [products[0] as string])
    await waitUntil(async () => (await playlistIds())[0] === video.id, 'the video at the top', {
      timeoutMs: 15_000,
      intervalMs: 50,
    })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run).toMatchObject({
      video_id: video.id,
      outcome: 'applied',
      cause: { kind: 'video_created' },
      steps: [{ state: 'applied', note: 'Added to “Summer” at position 1' }],
    })
    expect(run?.conditions.some((condition) => condition.result)).toBe(true)
    expect(run?.steps[0]?.calls.map((call) => `${call.method} ${call.status}`)).toEqual([
      'GET 200',
      'POST 200',
    ])
  })

  it('answers why the video is in the playlist, and that another is not there by a rule', async () => {
    const why = await world.get(
      `/api/dashboard/rules/why?video_id=${video.id}&playlist_id=${summer.id}`,
    )
    expect(why.status).toBe(200)
    const [run] = await world.runsOf(ruleId)
    expect(why.json()).toMatchObject({
      rule_id: ruleId,
      rule_name: 'Summer picks',
      run_id: run?.id,
    })
    expect(why.json().because.length).toBeGreaterThan(0)
    const other = summer.video_ids[0] as string
    const not = await world.get(
      `/api/dashboard/rules/why?video_id=${other}&playlist_id=${summer.id}`,
    )
    expect(not.status).toBe(404)
    expect(not.json().error).toBe('Not placed by a rule')
  })

  it('acts once on a webhook delivered again', async () => {
    const created = world.tee.deliveries.find(
      (each) => each.event.event_type === 'video_created' && each.event.data.id === video.id,
    )
    if (!created) throw new Error('the sandbox sent no video_created')
    expect(await deliver(world.dashboards[0]?.url ?? '', created.body, created.signature)).toBe(202)
    expect(await world.runsOf(ruleId)).toHaveLength(1)
    expect((await playlistIds()).filter((id) => id === video.id)).toHaveLength(1)
  })

  it('leaves alone a new video that does not match', async () => {
    const plain = await newVideo(['winter'], [products[0] as string])
    await world.settledRuns(ruleId, 2)
    const [run] = await world.runsOf(ruleId, `&video_id=${plain.id}`)
    expect(run).toMatchObject({ outcome: 'no_match', steps: [] })
    expect(await playlistIds()).not.toContain(plain.id)
  })
})

describe('a rule on updates', () => {
  it('is not undone by an older webhook delivered after a newer one', async () => {
    const tag = products[1] as string
    const ruleId = await world.addRule({
      name: 'Sale tag',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'sale' }] },
      actions: [{ type: 'tag', product_ids: [tag] }],
      priority: 100,
    })
    const target = untaggedVideo()
    const id = target.id
    world.tee.hold(true)
    await world.call('PATCH', `/videos/${id}`, { hashtags: ['sale'] })
    const older = await waitForDelivery(id, (event) => event.data.hashtags.includes('sale'))
    // The service's webhooks carry whole seconds: the newer one a second later.
    await waitUntil(() => Math.floor(Date.now() / 1000) > older.event.created, 'the next second')
    await world.call('PATCH', `/videos/${id}`, { hashtags: [] })
    const newer = await waitForDelivery(id, (event) => event.data.hashtags.length === 0)
    world.tee.hold(false)
    const url = world.dashboards[0]?.url ?? ''
    expect(await deliver(url, newer.body, newer.signature)).toBe(202)
    expect(await deliver(url, older.body, older.signature)).toBe(202)
    // The older one is heard too, on the video as the index knows it: it matches nothing.
    const runs = await world.settledRuns(ruleId, 2)
    expect(runs.map((run) => run.outcome)).toEqual(['no_match', 'no_match'])
    const video = await world.call<Video>('GET', `/videos/${id}`)
    expect(video.product_ids).not.toContain(tag)
  })

  it('whose own action wakes it again settles: the second run finds it in place', async () => {
    const tag = products[2] as string
    const ruleId = await world.addRule({
      name: 'Loop tag',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'loop' }] },
      actions: [{ type: 'tag', product_ids: [tag] }],
      priority: 100,
    })
    const target = untaggedVideo()
    await world.call('PATCH', `/videos/${target.id}`, { hashtags: ['loop'] })
    const runs = await world.settledRuns(ruleId, 2)
    expect(runs.map((run) => run.outcome)).toEqual(['skipped', 'applied'])
    expect(runs[0]?.steps[0]?.note).toBe(`Already tags ${tag}`)
    const video = await world.call<Video>('GET', `/videos/${target.id}`)
    expect(video.product_ids).toEqual([tag])
  })
})

/** A video tagged with nothing, so its products are all in one store once tagged. */
const untaggedVideo = () => cleared.pop() as Video

async function waitForDelivery(
  videoId: string,
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox's event as sent
  matches: (event: any) => boolean,
) {
  let found: (typeof world.tee.deliveries)[number] | undefined
  await waitUntil(() => {
    found = world.tee.deliveries.find(
      (each) =>
        each.event.event_type === 'video_updated' &&
        each.event.data.id === videoId &&
        matches(each.event),
    )
    return Boolean(found)
  }, `a webhook for ${videoId}`)
  return found as NonNullable<typeof found>
}
