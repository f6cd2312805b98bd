/**
 * What a replica stopped mid-burst leaves behind (found by bench:rules): every run whose lease ran
 * out is taken over in one sweep, not a few dozen a sweep; videos another replica (still running)
 * holds do not keep this replica from acting on the others meanwhile; a write is in the trace before it is
 * sent, and a resumed step that finds it made says it was applied, and why the video is there.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { waitUntil } from '../wait-until.ts'
import { leftRuns, settledOutcomes } from './left-runs.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

describe.each(bothDatabases)('a stopped replica’s work on $name', (database) => {
  let world: RulesWorld
  let stopDatabase: () => Promise<void>
  let videos: Video[]

  beforeAll(async () => {
    const started = await database.start()
    stopDatabase = started.stop
    world = await startRulesWorld({
      database: started.location,
      rules: { sweepEveryMs: 1_000, leaseTtlMs: 2_000 },
    })
    videos = await world.clearedVideos(12)
  }, 120_000)
  afterAll(async () => {
    await world?.close()
    await stopDatabase?.()
  })

  const scheduleLease = async () =>
    (
      await world.base
        .selectFrom('index_leases')
        .select('expires_at')
        .where('name', '=', 'rules-schedule')
        .executeTakeFirst()
    )?.expires_at
  /** Resolves once a sweep has ended (it renews the schedule's lease last). */
  async function nextSweep() {
    const before = await scheduleLease()
    await waitUntil(async () => (await scheduleLease()) !== before, 'the next sweep', {
      timeoutMs: 10_000,
      intervalMs: 20,
    })
  }

  it('takes over every run whose lease ran out in one sweep', async () => {
    const video = videos[0] as Video
    const ruleId = await world.addRule({
      name: 'Left mid-burst',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'manual' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'nowhere' }] },
      actions: [{ type: 'publish' }],
      priority: 100,
    })
    const left = 150
    const startedMs = Date.now() - 10_000
    await nextSweep()
    await world.db
      .insertInto('rule_runs')
      .values(
        leftRuns({
          ruleId,
          videoId: video.id,
          holder: 'a replica that stopped',
          count: left,
          startedMs,
          leaseUntil: Date.now() - 1_000,
        }),
      )
      .execute()
    await nextSweep()
    const stillLeft = await world.db
      .selectFrom('rule_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('holder', '=', 'a replica that stopped')
      .executeTakeFirstOrThrow()
    expect(Number(stillLeft.n)).toBe(0)
    expect(await settledOutcomes(world, ruleId, 'the runs taken over to end')).toEqual([
      { outcome: 'no_match' },
    ])
  })

  it('acts on other videos while those another replica holds wait', async () => {
    const playlist = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Not held up',
    })
    const ruleId = await world.addRule({
      name: 'Held or not',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'held' }] },
      actions: [{ type: 'playlist_add', playlist_id: playlist.id, position: 'bottom' }],
      priority: 100,
    })
    // Held by another replica, still beating, for longer than the test waits.
    const held = videos.slice(1, 11)
    const busy = 'another replica, busy'
    await world.base
      .insertInto('index_leases')
      .values([
        { name: `rules-replica:${busy}`, holder: busy, expires_at: Date.now() + 120_000 },
        ...held.map((video) => ({
          name: `rule-video:${video.id}`,
          holder: busy,
          expires_at: Date.now() + 120_000,
        })),
      ])
      .execute()
    for (const video of held)
      await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['held'] })
    await waitUntil(
      async () => (await world.runsOf(ruleId, '&outcome=running')).length >= held.length,
      'the runs of the held videos to be claimed',
    )
    const free = videos[11] as Video
    await world.call('PATCH', `/videos/${free.id}`, { hashtags: ['held'] })
    await waitUntil(
      async () =>
        (await world.call<Playlist>('GET', `/playlists/${playlist.id}`)).video_ids.includes(
          free.id,
        ),
      'the free video in the playlist',
      { timeoutMs: 20_000, intervalMs: 100 },
    )
    // The add is answered before the run records its outcome: wait for the run to end.
    const runs = await world.settledRuns(ruleId, 1, 10_000, free.id)
    expect(runs.map((run) => run.outcome)).toEqual(['applied'])
    await world.base.deleteFrom('index_leases').where('holder', '=', busy).execute()
  })

  it('keeps a write in the trace while its answer is awaited', async () => {
    const playlist = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Awaited',
    })
    const ruleId = await world.addRule({
      name: 'Awaits its answer',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'awaited' }] },
      actions: [{ type: 'playlist_add', playlist_id: playlist.id, position: 'bottom' }],
      priority: 100,
    })
    const video = videos[0] as Video
    const adds = new RegExp(`^/api/v1/playlists/${playlist.id}/videos$`)
    const release = world.proxy.hold('POST', adds)
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['awaited'] })
    const sent = async () =>
      (await world.runsOf(ruleId, `&video_id=${video.id}`))
        .flatMap((run) => run.steps.flatMap((step) => step.calls))
        .filter((call) => call.method === 'POST')
    try {
      await waitUntil(
        async () => (await sent()).some((call) => call.status === null),
        'the add in the trace before its answer',
        { timeoutMs: 10_000, intervalMs: 50 },
      )
    } finally {
      release()
    }
    const [run] = await world.settledRuns(ruleId, 1, 10_000, video.id)
    expect(run?.outcome).toBe('applied')
    expect((await sent()).map((call) => call.status)).toEqual([200])
  })

  it('says a resumed step whose write was sent but unanswered applied it, and why', async () => {
    const video = videos[0] as Video
    const playlist = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Answer lost',
    })
    const action = { type: 'playlist_add', playlist_id: playlist.id, position: 'top' } as const
    const ruleId = await world.addRule({
      name: 'Answer lost',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'manual' },
      conditions: { group: 'all', children: [] },
      actions: [action],
      priority: 100,
    })
    // What the stopped replica had done: the add sent and made, its answer never recorded.
    await world.call('POST', `/playlists/${playlist.id}/videos`, {
      video_id: video.id,
      position: 0,
    })
    const runId = randomUUID()
    const startedMs = Date.now() - 5_000
    const at = new Date(startedMs).toISOString()
    await world.db
      .insertInto('rule_runs')
      .values({
        id: runId,
        rule_id: ruleId,
        rule_version: 1,
        video_id: video.id,
        claim_key: `${ruleId}|manual:unanswered:${video.id}`,
        cause: JSON.stringify({ kind: 'manual', at, detail: 'Run now' }),
        event: null,
        outcome: 'running',
        conditions: JSON.stringify([
          { path: '', description: 'All of', value: null, result: true },
        ]),
        started_at: at,
        started_ms: startedMs,
        finished_at: null,
        holder: 'a replica that stopped',
        lease_until: Date.now() - 1_000,
      })
      .execute()
    const path = `/api/v1/playlists/${playlist.id}/videos`
    await world.db
      .insertInto('rule_steps')
      .values({
        run_id: runId,
        position: 0,
        action: JSON.stringify(action),
        state: 'pending',
        note: null,
        calls: JSON.stringify([
          {
            method: 'GET',
            path: `/api/v1/playlists/${playlist.id}`,
            status: 200,
            answer: '{}',
            at,
            attempt: 1,
          },
          { method: 'POST', path, status: null, answer: 'Sent', at, attempt: 1 },
        ]),
        attempts: 1,
        next_attempt_ms: null,
      })
      .execute()
    const [run] = await world.settledRuns(ruleId, 1, 15_000)
    expect(run).toMatchObject({
      id: runId,
      outcome: 'applied',
      steps: [
        {
          state: 'applied',
          note: 'In “Answer lost” (position 1): added by an earlier attempt whose answer never came',
        },
      ],
    })
    expect(run?.steps[0]?.calls.map((call) => `${call.method} ${call.status}`)).toEqual([
      'GET 200',
      'POST null',
      'GET 200',
    ])
    const why = await world.get(
      `/api/dashboard/rules/why?video_id=${video.id}&playlist_id=${playlist.id}`,
    )
    expect(why.json()).toMatchObject({ rule_id: ruleId, run_id: runId })
  })
})
