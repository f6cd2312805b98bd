/**
 * Each kind of action, done at the sandbox as a rule's step: publishing, scheduling,
 * unpublishing and archiving (each skipped when already so), starting AI matching, taking the
 * AI's suggestions above a score (accepted when that decides nothing else, else tagged and left
 * for review), and telling the rule's followers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, ProductMatchList, Video } from '../../../src/api/generated/types.gen.ts'
import type { Notice } from '../../../src/api/notices.ts'
import type { RuleAction } from '../../../src/api/rules.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

let world: RulesWorld
let videos: Video[]

beforeAll(async () => {
  world = await startRulesWorld({ seedVideos: 60 })
  videos = await world.clearedVideos(6)
  for (const video of videos) used.add(video.id)
}, 90_000)
afterAll(() => world?.close())

let next = 0
const freshVideo = () => videos[next++] as Video

/** A rule on `hashtag`, woken by a change at the service; its first run. */
async function runOn(hashtag: string, actions: RuleAction[], video: Video) {
  const ruleId = await world.addRule({
    name: `On #${hashtag}`,
    description: '',
    channel_id: world.channel,
    trigger: { type: 'video_updated' },
    conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: hashtag }] },
    actions,
    priority: 100,
  })
  await world.call('PATCH', `/videos/${video.id}`, { hashtags: [hashtag] })
  const runs = await world.settledRuns(ruleId, 1, 10_000, video.id)
  return { ruleId, run: runs.at(-1) }
}

const read = (id: string) => world.call<Video>('GET', `/videos/${id}`)

describe('publication', () => {
  it('publishes a draft, and skips one already live', async () => {
    const video = freshVideo()
    await world.call('POST', `/videos/${video.id}/unpublish`)
    const { run } = await runOn('golive', [{ type: 'publish' }, { type: 'publish' }], video)
    expect(run?.steps.map((step) => step.state)).toEqual(['applied', 'skipped'])
    expect(run?.steps[1]?.note).toMatch(/^Already live since /)
    expect((await read(video.id)).published_at).not.toBeNull()
  })

  it('schedules a draft hours after the run began, and unpublishes and archives', async () => {
    const draft = freshVideo()
    await world.call('POST', `/videos/${draft.id}/unpublish`)
    const { run } = await runOn('later', [{ type: 'schedule', after_hours: 24 }], draft)
    const at = Date.parse((await read(draft.id)).published_at ?? '')
    expect(at - Date.parse(run?.started_at ?? '')).toBe(24 * 3_600_000)
    expect(run?.steps[0]?.note).toBe(`Scheduled for ${new Date(at).toISOString()}`)

    const live = freshVideo()
    await world.call('POST', `/videos/${live.id}/publish`)
    const ended = await runOn('retire', [{ type: 'unpublish' }, { type: 'archive' }], live)
    expect(ended.run?.outcome).toBe('applied')
    const after = await read(live.id)
    expect(after.published_at).toBeNull()
    expect(after.archived_at).not.toBeNull()
  })
})

describe('AI matching', () => {
  it('starts a job, and skips while one is running', async () => {
    const video = freshVideo()
    // Held, the job is still running at the second step however slow the machine.
    await world.sandbox.pauseWorker('matching')
    const { run } = await runOn(
      'match',
      [{ type: 'start_matching' }, { type: 'start_matching' }],
      video,
    ).finally(() => world.sandbox.resumeWorker('matching'))
    expect(run?.steps.map((step) => [step.state, step.note])).toEqual([
      ['applied', 'Matching started'],
      ['skipped', 'A matching job is already running'],
    ])
  })

  it('accepts the suggestions at or above the score when that rejects nothing undecided', async () => {
    const video = await withSuggestions()
    const list = await matches(video.id)
    const pending = list.matches.filter((match) => match.status === 'pending')
    const { run } = await runOn('take', [{ type: 'tag_suggestions', min_score: 0 }], video)
    expect(run?.steps[0]?.state).toBe('applied')
    expect(run?.steps[0]?.calls.map((call) => call.method)).toContain('POST')
    const after = await matches(video.id)
    expect(after.matches.filter((match) => match.status === 'pending')).toEqual([])
    expect((await read(video.id)).product_ids).toEqual(
      expect.arrayContaining(pending.map((match) => match.product.id)),
    )
  })

  it('tags those above the score but leaves the others for review, never rejecting them', async () => {
    const video = await withSuggestions()
    const pending = (await matches(video.id)).matches.filter((match) => match.status === 'pending')
    const scores = pending.map((match) => match.matching_score).sort((a, b) => b - a)
    const cut = scores[0] as number
    const above = pending
      .filter((match) => match.matching_score >= cut)
      .map((match) => match.product.id)
    const { run } = await runOn('best', [{ type: 'tag_suggestions', min_score: cut }], video)
    expect(run?.steps[0]).toMatchObject({ state: 'applied' })
    expect(run?.steps[0]?.note).toContain('left for review (accepting would have rejected them)')
    const after = await matches(video.id)
    expect(after.matches.filter((match) => match.status === 'rejected')).toEqual([])
    expect((await read(video.id)).product_ids).toEqual(expect.arrayContaining(above))
  })
})

describe('playlists', () => {
  it('takes a video out, and says so when it is not there', async () => {
    const video = freshVideo()
    const playlist = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Leaving',
      video_ids: [video.id],
    })
    const remove: RuleAction = { type: 'playlist_remove', playlist_id: playlist.id }
    const { run } = await runOn('leave', [remove, remove], video)
    expect(run?.steps.map((step) => [step.state, step.note])).toEqual([
      ['applied', 'Removed from “Leaving”'],
      ['skipped', 'Not in “Leaving”'],
    ])
    expect(run?.steps[0]?.calls.map((call) => `${call.method} ${call.status}`)).toEqual([
      'GET 200',
      'DELETE 204',
    ])
    expect((await world.call<Playlist>('GET', `/playlists/${playlist.id}`)).video_ids).toEqual([])
  })
})

describe('notify', () => {
  it("tells the rule's followers about the video", async () => {
    const video = freshVideo()
    const ruleId = await world.addRule({
      name: 'Tell me',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'tell' }] },
      actions: [{ type: 'notify', message: 'A video to look at' }],
      priority: 100,
    })
    await world.db
      .insertInto('rule_followers')
      .values({ rule_id: ruleId, account_id: await world.accountId(world.accounts.viewer) })
      .execute()
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['tell'] })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run?.steps[0]).toMatchObject({ state: 'applied', note: 'Told 1 follower' })
    const notices = (await world.get('/api/dashboard/notices')).json().notices as Notice[]
    expect(notices).toContainEqual(
      expect.objectContaining({
        kind: 'rule',
        body: 'A video to look at',
        link: `/videos/${video.id}`,
      }),
    )
  })
})

const matches = (id: string) => world.call<ProductMatchList>('GET', `/videos/${id}/product_matches`)

/** A video of the channel with at least two suggestions waiting, of different scores. */
async function withSuggestions(): Promise<Video> {
  const { videos: all } = await world.call<{ videos: Video[] }>(
    'GET',
    `/videos?channel_id=${world.channel}&page_size=100`,
  )
  for (const video of all) {
    if (used.has(video.id)) continue
    const pending = (await matches(video.id)).matches.filter((match) => match.status === 'pending')
    if (new Set(pending.map((match) => match.matching_score)).size < 2) continue
    const stores = new Set(pending.map((match) => match.product.business_store_id))
    if (stores.size > 1) continue
    used.add(video.id)
    return (await world.clearVideos([video]))[0] as Video
  }
  throw new Error('no video has suggestions of two scores waiting')
}
const used = new Set<string>()
