/**
 * Two dashboards on one database (a SQLite file, and PostgreSQL): given the same webhook, they
 * act once between them; and a run a stopped replica left half done (its lease run out, a step
 * still pending) is finished by the other without repeating what was applied.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '../../../src/api/generated/types.gen.ts'
import type { RuleRun } from '../../../src/api/rules.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { waitUntil } from '../wait-until.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

describe.each(bothDatabases)('two dashboards on $name', (database) => {
  let world: RulesWorld
  let stopDatabase: () => Promise<void>
  let playlist: Playlist
  let videos: Video[]

  beforeAll(async () => {
    const started = await database.start()
    stopDatabase = started.stop
    world = await startRulesWorld({
      replicas: 2,
      database: started.location,
      rules: { sweepEveryMs: 200, leaseTtlMs: 2_000 },
    })
    videos = await world.clearedVideos(5)
    playlist = await world.call<Playlist>('POST', '/playlists', {
      channel_id: world.channel,
      name: 'Twice told',
    })
  }, 120_000)
  afterAll(async () => {
    await world?.close()
    await stopDatabase?.()
  })

  const addsToPlaylist = (name: string, hashtag: string) =>
    world.addRule({
      name,
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: hashtag }] },
      actions: [{ type: 'playlist_add', playlist_id: playlist.id, position: 'bottom' }],
      priority: 100,
    })
  const adds = () =>
    world.proxy.seen.filter(
      (request) =>
        request.method === 'POST' && request.path === `/api/v1/playlists/${playlist.id}/videos`,
    ).length

  it('act once on a webhook both received', async () => {
    const ruleId = await addsToPlaylist('Told twice', 'twice')
    const video = videos[0] as Video
    const before = adds()
    // The runs of the two changes below: a late webhook of the videos' clearing may wake the
    // rule too, and matches nothing.
    const runsOfChanges = async (count: number) => {
      let runs: RuleRun[] = []
      await waitUntil(async () => {
        runs = (await world.runsOf(ruleId)).filter((run) => run.outcome !== 'no_match')
        return runs.length >= count && runs.every((run) => run.outcome !== 'running')
      }, `${count} runs of the changes`)
      return runs
    }
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['twice'] })
    // A later event on the same video, heard after the first by each replica.
    await runsOfChanges(1)
    await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['twice', 'again'] })
    const runs = await runsOfChanges(2)
    expect(runs.map((run) => run.outcome)).toEqual(['skipped', 'applied'])
    expect(adds() - before).toBe(1)
    const after = await world.call<Playlist>('GET', `/playlists/${playlist.id}`)
    expect(after.video_ids.filter((id) => id === video.id)).toHaveLength(1)
  })

  it('run a schedule once per tick between them, on the videos it matches', async () => {
    const tag = (await world.catalog()).products[1] as string
    const [first, second] = [videos[2] as Video, videos[3] as Video]
    for (const video of [first, second])
      await world.call('PATCH', `/videos/${video.id}`, { hashtags: ['nightly'] })
    await waitUntil(async () => {
      const rows = await world.base
        .selectFrom('indexed_videos')
        .select('hashtags')
        .where('id', 'in', [first.id, second.id])
        .execute()
      return rows.every((row) => row.hashtags === '["nightly"]')
    }, 'the index to hear of the hashtags')
    const ruleId = await world.addRule({
      name: 'Nightly',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'schedule', every_minutes: 60 },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'nightly' }] },
      actions: [{ type: 'tag', product_ids: [tag] }],
      priority: 100,
    })
    const runs = await world.settledRuns(ruleId, 2)
    expect(runs.map((run) => run.video_id).sort()).toEqual([first.id, second.id].sort())
    expect(runs.map((run) => [run.cause.kind, run.outcome])).toEqual([
      ['schedule', 'applied'],
      ['schedule', 'applied'],
    ])
    // The replica holding the schedule renews its lease each sweep: two sweeps on, still once.
    const renewed = async () =>
      (
        await world.base
          .selectFrom('index_leases')
          .select('expires_at')
          .where('name', '=', 'rules-schedule')
          .executeTakeFirstOrThrow()
      ).expires_at
    for (let sweep = 0; sweep < 2; sweep++) {
      const before = await renewed()
      await waitUntil(async () => (await renewed()) > before, 'the next sweep')
    }
    expect(await world.runsOf(ruleId)).toHaveLength(2)
  })

  it("finish a stopped replica's run without repeating its applied step", async () => {
    const video = videos[1] as Video
    const tag = (await world.catalog()).products[0] as string
    const ruleId = await world.addRule({
      name: 'Half done',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'manual' },
      conditions: { group: 'all', children: [] },
      actions: [
        { type: 'tag', product_ids: [tag] },
        { type: 'playlist_add', playlist_id: playlist.id, position: 'top' },
      ],
      priority: 100,
    })
    // What the stopped replica had done: the tag applied, and the add sent (its answer lost).
    await world.call('PATCH', `/videos/${video.id}`, { product_ids: [tag] })
    await world.call('POST', `/playlists/${playlist.id}/videos`, {
      video_id: video.id,
      position: 0,
    })
    const seenBefore = world.proxy.seen.length
    const runId = randomUUID()
    const startedMs = Date.now() - 5_000
    await world.db
      .insertInto('rule_runs')
      .values({
        id: runId,
        rule_id: ruleId,
        rule_version: 1,
        video_id: video.id,
        claim_key: `${ruleId}|manual:stopped:${video.id}`,
        cause: JSON.stringify({
          kind: 'manual',
          at: new Date(startedMs).toISOString(),
          detail: 'Run now',
        }),
        event: null,
        outcome: 'running',
        conditions: '[]',
        started_at: new Date(startedMs).toISOString(),
        started_ms: startedMs,
        finished_at: null,
        holder: 'a replica that stopped',
        lease_until: Date.now() - 1_000,
      })
      .execute()
    const step = { run_id: runId, note: null, next_attempt_ms: null }
    await world.db
      .insertInto('rule_steps')
      .values([
        {
          ...step,
          position: 0,
          action: JSON.stringify({ type: 'tag', product_ids: [tag] }),
          state: 'applied',
          calls: JSON.stringify([
            {
              method: 'PATCH',
              path: `/api/v1/videos/${video.id}`,
              status: 200,
              answer: '{}',
              at: new Date(startedMs).toISOString(),
              attempt: 1,
            },
          ]),
          attempts: 1,
        },
        {
          ...step,
          position: 1,
          action: JSON.stringify({
            type: 'playlist_add',
            playlist_id: playlist.id,
            position: 'top',
          }),
          state: 'pending',
          calls: '[]',
          attempts: 1,
        },
      ])
      .execute()
    const [run] = await world.settledRuns(ruleId, 1)
    expect(run).toMatchObject({
      id: runId,
      outcome: 'applied',
      steps: [
        { state: 'applied', calls: [{ method: 'PATCH', attempt: 1 }] },
        { state: 'skipped', note: 'Already in “Twice told” (position 1), left where it is' },
      ],
    })
    const since = world.proxy.seen.slice(seenBefore)
    expect(since.filter((request) => request.method !== 'GET')).toEqual([])
    const after = await world.call<Playlist>('GET', `/playlists/${playlist.id}`)
    expect(after.video_ids.filter((id) => id === video.id)).toHaveLength(1)
  })
})
