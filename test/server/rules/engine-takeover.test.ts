/**
 * A replica stopped mid-burst holds its runs and videos only until its heartbeat lapses, not
 * until their own leases run out (found by bench:rules: its 30 s leases put every run it had
 * queued half a minute late). Here the leases run a minute and the sweep is a minute apart, so
 * only the keeper, seeing no heartbeat, can take the runs over in time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '../../../src/api/generated/types.gen.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { leftRuns, settledOutcomes } from './left-runs.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

describe.each(bothDatabases)('a stopped replica’s runs on $name', (database) => {
  let world: RulesWorld
  let stopDatabase: () => Promise<void>
  let video: Video

  beforeAll(async () => {
    const started = await database.start()
    stopDatabase = started.stop
    world = await startRulesWorld({
      database: started.location,
      rules: { sweepEveryMs: 60_000 },
    })
    video = (await world.clearedVideos(1))[0] as Video
  }, 120_000)
  afterAll(async () => {
    await world?.close()
    await stopDatabase?.()
  })

  it('are taken over within seconds of its heartbeat lapsing, its video too', async () => {
    const ruleId = await world.addRule({
      name: 'Left by a stopped replica',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'manual' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'nowhere' }] },
      actions: [{ type: 'publish' }],
      priority: 100,
    })
    const stoppedAt = Date.now()
    const gone = 'a replica that stopped just now'
    await world.base
      .insertInto('index_leases')
      .values({ name: `rule-video:${video.id}`, holder: gone, expires_at: stoppedAt + 60_000 })
      .execute()
    await world.db
      .insertInto('rule_runs')
      .values(
        leftRuns({
          ruleId,
          videoId: video.id,
          holder: gone,
          count: 5,
          startedMs: stoppedAt,
          leaseUntil: stoppedAt + 60_000,
        }),
      )
      .execute()
    const settled = settledOutcomes(
      world,
      ruleId,
      'the stopped replica’s runs to end on this one',
      10_000,
    )
    expect(await settled).toEqual([{ outcome: 'no_match' }])
  })
})
