/**
 * What a rule never does, and what it still catches: it never moves a pinned video, never acts
 * once its author could not make the change by hand, never fills a playlist past its limit, and
 * stops two rules undoing each other; a change no webhook announced, found by a reconcile, runs
 * the rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import { send } from '../dashboard/http-client.ts'
import { createTestAccount } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

let world: RulesWorld
let videos: Video[]
let tag: string

beforeAll(async () => {
  world = await startRulesWorld({ seedVideos: 60 })
  videos = await world.clearedVideos(8)
  tag = (await world.catalog()).products[0] as string
}, 90_000)
afterAll(() => world?.close())

let next = 0
const freshVideo = () => videos[next++] as Video

const ruleOn = (
  hashtag: string,
  actions: object[],
  more: { channel?: string; priority?: number; author?: typeof world.accounts.editor } = {},
) =>
  world.addRule(
    {
      name: `On #${hashtag}`,
      description: '',
      channel_id: more.channel ?? world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: hashtag }] },
      // biome-ignore lint/suspicious/noExplicitAny: the actions are the rule schema's
      actions: actions as any,
      priority: more.priority ?? 100,
    },
    more.author,
  )

describe('pinned videos', () => {
  it('stay where they are when a rule adds to the top, and a rule never takes one out', async () => {
    const channel = world.channels[1] as string
    const { playlists } = await world.call<{ playlists: Playlist[] }>(
      'GET',
      `/playlists?channel_id=${channel}&page_size=100`,
    )
    const feed = playlists.find((each) => (each.pinned_video_ids ?? []).length > 0) as Playlist
    const pins = feed.pinned_video_ids ?? []
    // A video of the channel out of the playlist: its last unpinned one, taken out by hand.
    const outside = feed.video_ids.filter((id) => !pins.includes(id)).at(-1) as string
    await world.call('DELETE', `/playlists/${feed.id}/videos/${outside}`)
    const before = (await world.call<Playlist>('GET', `/playlists/${feed.id}`)).video_ids
    const adds = await ruleOn(
      'pinned',
      [{ type: 'playlist_add', playlist_id: feed.id, position: 'top' }],
      { channel },
    )
    await world.call('PATCH', `/videos/${outside}`, { hashtags: ['pinned'] })
    const [added] = await world.settledRuns(adds, 1)
    expect(added?.outcome).toBe('applied')
    const after = (await world.call<Playlist>('GET', `/playlists/${feed.id}`)).video_ids
    for (const pin of pins) expect(after.indexOf(pin)).toBe(before.indexOf(pin))
    expect(after[pins.length]).toBe(outside)

    const removes = await ruleOn('unpin', [{ type: 'playlist_remove', playlist_id: feed.id }], {
      channel,
    })
    await world.call('PATCH', `/videos/${pins[0]}`, { hashtags: ['unpin'] })
    const [removed] = await world.settledRuns(removes, 1)
    expect(removed?.steps[0]).toMatchObject({
      state: 'skipped',
      note: `Pinned in “${feed.name}”: rules never move pinned videos`,
    })
    expect((await world.call<Playlist>('GET', `/playlists/${feed.id}`)).video_ids).toEqual(after)
  })
})

describe("a rule whose author's role changed", () => {
  it('is skipped, saying why, and changes nothing', async () => {
    const author = { email: 'author@example.com', password: '', role: 'editor' as const }
    await createTestAccount(world.base, author)
    const ruleId = await ruleOn('demoted', [{ type: 'tag', product_ids: [tag] }], { author })
    await world.base
      .updateTable('accounts')
      .set({ role: 'viewer' })
      .where('email', '=', author.email)
      .execute()
    const video = freshVideo()
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['demoted'] })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run).toMatchObject({
      outcome: 'skipped',
      steps: [
        {
          state: 'skipped',
          note: "The rule's author (author@example.com) is now a viewer, who cannot edit videos, so it does not act",
          calls: [],
        },
      ],
    })
    expect((await world.call<Video>('GET', `/videos/${video.id}`)).product_ids).toEqual([])
  })
})

describe('a full playlist', () => {
  it('is not added to: the step fails saying so', async () => {
    const full = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Full',
    })
    const ruleId = await ruleOn('full', [
      { type: 'playlist_add', playlist_id: full.id, position: 'bottom' },
    ])
    // The service answers with a playlist at the contract's bound of 1,000 videos.
    world.proxy.fail({
      method: 'GET',
      path: new RegExp(`^/api/v1/playlists/${full.id}$`),
      status: 200,
      body: { ...full, video_ids: Array.from({ length: 1000 }, (_, index) => `v${index}`) },
      times: 1,
    })
    const video = freshVideo()
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['full'] })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run).toMatchObject({
      outcome: 'failed',
      steps: [{ state: 'failed', note: '“Full” holds 1000 videos, the most a playlist can hold' }],
    })
  })
})

describe('two rules undoing each other', () => {
  it('stop once one has acted three times on the video within the hour', async () => {
    const tagging = await ruleOn('fight', [{ type: 'tag', product_ids: [tag] }], { priority: 1 })
    await ruleOn('fight', [{ type: 'untag', product_ids: [tag] }], { priority: 2 })
    const video = freshVideo()
    const guarded = async () =>
      (await world.runsOf(tagging)).some((run) =>
        run.steps[0]?.note?.includes('undoing another rule'),
      )
    // Each change to the video (another hashtag each time) wakes both: one tags, one untags.
    for (let round = 0; round < 6 && !(await guarded()); round++) {
      const before = (await world.runsOf(tagging)).length
      await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['fight', `round${round}`] })
      await world.settledRuns(tagging, before + 1)
    }
    const runs = await world.runsOf(tagging)
    expect(runs.filter((run) => run.outcome === 'applied')).toHaveLength(3)
    expect(runs[0]).toMatchObject({
      outcome: 'skipped',
      steps: [
        {
          state: 'skipped',
          note: 'This rule already acted on this video 3 times in the past hour: it may be undoing another rule or feeding itself, so it waits',
        },
      ],
    })
  })
})

describe('a reconcile', () => {
  it('that finds a change no webhook announced runs the rules on it', async () => {
    const ruleId = await ruleOn('quiet', [{ type: 'tag', product_ids: [tag] }])
    const video = freshVideo()
    world.tee.hold(true)
    const delivered = world.tee.deliveries.length
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['quiet'] })
    await waitUntil(() => world.tee.deliveries.length > delivered, 'the webhook, lost on its way')
    world.tee.hold(false)
    const started = await send(world.dashboards[0]?.url ?? '', '/api/dashboard/index/reconcile', {
      method: 'POST',
      headers: world.sessions[0]?.admin ?? {},
    })
    expect(started.status).toBe(202)
    // Its own tag then comes back as a webhook, and finds the tag in place.
    const runs = await world.settledRuns(ruleId, 2, 20_000)
    expect(runs.map((run) => [run.video_id, run.cause.kind, run.outcome])).toEqual([
      [video.id, 'video_updated', 'skipped'],
      [video.id, 'reconcile', 'applied'],
    ])
    expect((await world.call<Video>('GET', `/videos/${video.id}`)).product_ids).toEqual([tag])
  })
})
