/**
 * When the service says no: a busy answer (429) is waited out as its Retry-After says and tried
 * again; a refusal fails the step with the service's words in the trace and the run says so
 * (failed, or partly failed), never applied; an editor retries the failed steps; a rule whose
 * runs fail more than half the time over 20 pauses itself, tells its followers and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import type { Notice } from '../../../src/api/notices.ts'
import { send } from '../dashboard/http-client.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

let world: RulesWorld
let videos: Video[]

beforeAll(async () => {
  world = await startRulesWorld({ seedVideos: 60 })
  videos = await world.clearedVideos(26)
}, 90_000)
afterAll(() => world?.close())

const follow = async (ruleId: string) =>
  world.db
    .insertInto('rule_followers')
    .values({ rule_id: ruleId, account_id: await world.accountId(world.accounts.viewer) })
    .execute()

let next = 0
const freshVideo = () => videos[next++] as Video
const newPlaylist = (name: string) =>
  world.call<Playlist>('POST', '/playlists', { channel_id: world.channel, name })
const addsTo = (playlistId: string) => new RegExp(`^/api/v1/playlists/${playlistId}/videos$`)

async function ruleOn(hashtag: string, actions: object[]) {
  return world.addRule({
    name: `On #${hashtag}`,
    description: '',
    channel_id: world.channel,
    trigger: { type: 'video_updated' },
    conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: hashtag }] },
    // biome-ignore lint/suspicious/noExplicitAny: the actions are the rule schema's
    actions: actions as any,
    priority: 100,
  })
}

describe('a step the service refuses', () => {
  it('waits out a 429 as Retry-After says and is tried again', async () => {
    const playlist = await newPlaylist('Busy')
    const ruleId = await ruleOn('busy', [
      { type: 'playlist_add', playlist_id: playlist.id, position: 'bottom' },
    ])
    world.proxy.fail({
      method: 'POST',
      path: addsTo(playlist.id),
      status: 429,
      headers: { 'retry-after': '1' },
      error: 'Too many requests',
      times: 1,
    })
    const video = freshVideo()
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['busy'] })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run?.outcome).toBe('applied')
    expect(run?.steps[0]?.calls.map((call) => [call.method, call.status, call.attempt])).toEqual([
      ['GET', 200, 1],
      ['POST', 429, 1],
      ['GET', 200, 2],
      ['POST', 200, 2],
    ])
    const [refused, retried] = (run?.steps[0]?.calls ?? []).filter((call) => call.method === 'POST')
    expect(Date.parse(retried?.at ?? '') - Date.parse(refused?.at ?? '')).toBeGreaterThanOrEqual(
      1000,
    )
  })

  it('fails with the service’s words, and a run with another step applied is partly failed', async () => {
    const playlist = await newPlaylist('Refusing')
    // Its first step writes nothing at the service, so no webhook of its own wakes it again.
    const ruleId = await ruleOn('refused', [
      { type: 'notify', message: 'Refused at the service' },
      { type: 'playlist_add', playlist_id: playlist.id, position: 'top' },
    ])
    await follow(ruleId)
    world.proxy.fail({
      method: 'POST',
      path: addsTo(playlist.id),
      status: 403,
      error: 'This playlist belongs to another business',
      times: 1,
    })
    const video = freshVideo()
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['refused'] })
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run).toMatchObject({
      outcome: 'partly_failed',
      steps: [
        { state: 'applied' },
        {
          state: 'failed',
          note: 'The service refused (403): This playlist belongs to another business',
        },
      ],
    })
    expect(run?.steps[1]?.calls.at(-1)).toMatchObject({
      method: 'POST',
      status: 403,
      answer: 'This playlist belongs to another business',
    })

    const viewer = await send(
      world.dashboards[0]?.url ?? '',
      `/api/dashboard/rules/runs/${run?.id}/retry`,
      {
        method: 'POST',
        headers: world.sessions[0]?.viewer ?? {},
      },
    )
    expect(viewer.status).toBe(403)
    const retried = await send(
      world.dashboards[0]?.url ?? '',
      `/api/dashboard/rules/runs/${run?.id}/retry`,
      {
        method: 'POST',
        headers: world.sessions[0]?.editor ?? {},
      },
    )
    expect(retried.status).toBe(202)
    let after = run
    await waitUntil(async () => {
      after = (await world.get(`/api/dashboard/rules/runs/${run?.id}`)).json()
      return after?.outcome !== 'running'
    }, 'the retried run to end')
    expect(after).toMatchObject({
      outcome: 'applied',
      steps: [{ state: 'applied', calls: run?.steps[0]?.calls }, { state: 'applied' }],
    })
    expect((await world.call<Playlist>('GET', `/playlists/${playlist.id}`)).video_ids).toContain(
      video.id,
    )
    const again = await send(
      world.dashboards[0]?.url ?? '',
      `/api/dashboard/rules/runs/${run?.id}/retry`,
      {
        method: 'POST',
        headers: world.sessions[0]?.editor ?? {},
      },
    )
    expect(again.status).toBe(409)
  })
})

describe('a rule failing more than half the time over 20 runs', () => {
  it('pauses itself, tells its followers and is in the audit log', async () => {
    const playlist = await newPlaylist('Flaky')
    const ruleId = await ruleOn('flaky', [
      { type: 'playlist_add', playlist_id: playlist.id, position: 'bottom' },
    ])
    await follow(ruleId)
    world.proxy.fail({
      method: 'POST',
      path: addsTo(playlist.id),
      status: 422,
      error: 'Refused',
      times: 11,
    })
    for (let count = 0; count < 20; count++)
      await world.call('PATCH', `/videos/${freshVideo().id}`, { hashtags: ['flaky'] })
    const runs = await world.settledRuns(ruleId, 20, 30_000)
    expect(runs.filter((run) => run.outcome === 'failed')).toHaveLength(11)
    await waitUntil(async () => {
      const rule = await world.db
        .selectFrom('rules')
        .select('paused')
        .where('id', '=', ruleId)
        .executeTakeFirst()
      return Boolean(rule?.paused)
    }, 'the rule to pause itself')
    const notices = (await world.get('/api/dashboard/notices')).json().notices as Notice[]
    expect(notices).toContainEqual(
      expect.objectContaining({
        kind: 'rule_paused',
        title: 'Rule “On #flaky” paused itself',
        body: expect.stringContaining('11 of its last 20 runs failed'),
      }),
    )
    const audit = (await world.get('/auth/audit?operation=dashboard.pauseRule', 'admin')).json()
    expect(JSON.stringify(audit)).toContain(`/api/dashboard/rules/${ruleId}`)
    // Once paused it is not woken: a rule on the same event runs, and it does not.
    const witness = await ruleOn('flaky', [{ type: 'notify', message: 'Seen' }])
    const probe = freshVideo()
    await world.call('PATCH', `/videos/${probe.id}`, { hashtags: ['flaky'] })
    await world.settledRuns(witness, 1)
    expect(await world.runsOf(ruleId)).toHaveLength(20)
  })
})
