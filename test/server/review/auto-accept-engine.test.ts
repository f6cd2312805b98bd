/**
 * Auto-accept's engine over matching jobs that complete: it settles a video whose every pending
 * suggestion is sure (accepting through the service, keeping the tags, rejecting below the floor,
 * one ledger batch and an audit log entry), leaves a doubtful one waiting with the sure ones
 * pre-marked, gives a seeded 5% to the blind audit, acts once per job whoever reads the list
 * first, reads a running job again however many videos people re-note, and waits when the service
 * asks it to.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rereadRunningMs } from '../../../server/dashboard/review/auto-accept-watch.ts'
import { waitUntil } from '../wait-until.ts'
import { type AutoAcceptHarness, openAutoAcceptHarness } from './auto-accept-harness.ts'

let dir: string
let h: AutoAcceptHarness
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'auto-accept-'))
  h = await openAutoAcceptHarness({ sqlitePath: join(dir, 'dashboard.db') })
  await h.turnOn({ threshold: 70, floor: 30 })
})
afterAll(async () => {
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

const outcomeOf = async (engine: ReturnType<AutoAcceptHarness['engine']>, videoId: string) =>
  (await engine.tick()).outcomes.find((each) => each.videoId === videoId)?.outcome

it('settles a sure video: accepts at or above the threshold, keeps its tags, rejects below the floor', async () => {
  const engine = h.engine()
  await h.started('v-sure', ['p-tagged'])
  h.service.accepted('v-sure', 'p-earlier')
  expect(await outcomeOf(engine, 'v-sure')).toBe('none')
  h.service.complete('v-sure', [
    ['p-high', 88],
    ['p-edge', 70],
    ['p-low', 12],
  ])
  h.advance(rereadRunningMs + 1)
  expect(await outcomeOf(engine, 'v-sure')).toBe('settle')

  // The earlier accepted product is sent again, or the accept's replacement rule would reject it.
  expect(h.service.accepts).toEqual([
    { videoId: 'v-sure', productIds: ['p-earlier', 'p-high', 'p-edge'] },
  ])
  expect(h.service.tagsOf('v-sure')).toEqual(['p-tagged', 'p-earlier', 'p-high', 'p-edge'])
  // The earlier acceptance, made outside the dashboard, is noted as such when first read.
  const rows = await h.ledger('v-sure')
  expect(rows.map(({ product_id, decision, source }) => [product_id, decision, source])).toEqual([
    ['p-earlier', 'accepted', 'external'],
    ['p-high', 'accepted', 'auto'],
    ['p-edge', 'accepted', 'auto'],
    ['p-low', 'rejected', 'floor'],
  ])
  expect(new Set(rows.slice(1).map((row) => row.batch_id)).size).toBe(1)
  expect(await h.reviewVideo('v-sure')).toEqual({ state: 'settled', audit: 0, premarks: null })
  expect(await h.auditEntries('review.autoAccept')).toMatchObject([
    {
      account_email: 'auto-accept',
      method: 'POST',
      path: '/api/v1/videos/v-sure/product_matches/accept',
      status: 200,
    },
  ])

  // Read again, by the engine or anyone: the job's output was handled once.
  await h.readElsewhere('v-sure')
  h.advance(rereadRunningMs + 1)
  expect(await outcomeOf(engine, 'v-sure')).toBe('none')
  expect(h.service.accepts).toHaveLength(1)
})

it('leaves a doubtful video waiting for a person, the sure ones pre-marked, nothing sent', async () => {
  const engine = h.engine()
  await h.started('v-mixed')
  h.service.complete('v-mixed', [
    ['p-sure', 91],
    ['p-doubt', 55],
    ['p-floor', 20],
  ])
  expect(await outcomeOf(engine, 'v-mixed')).toBe('wait')
  expect(h.service.accepts.filter((a) => a.videoId === 'v-mixed')).toEqual([])
  expect(await h.ledger('v-mixed')).toEqual([])
  const video = await h.reviewVideo('v-mixed')
  expect(video?.state).toBe('waiting')
  expect(JSON.parse(video?.premarks ?? 'null')).toEqual({
    'match-v-mixed-p-sure': 'accepted',
    'match-v-mixed-p-floor': 'rejected',
  })
})

it('gives a seeded 5% of the videos it could settle to people, unmarked and untold', async () => {
  const engine = h.engine()
  // The draw is under 5% for the first video and just at it for the second.
  h.draws.push(0.0499, 0.05)
  for (const id of ['v-audit', 'v-drawn-out']) {
    await h.started(id)
    h.service.complete(id, [['p-a', 95]])
  }
  const outcomes = (await engine.tick()).outcomes
  expect(outcomes).toEqual(
    expect.arrayContaining([
      { videoId: 'v-audit', outcome: 'audit' },
      { videoId: 'v-drawn-out', outcome: 'settle' },
    ]),
  )
  expect(await h.reviewVideo('v-audit')).toEqual({ state: 'waiting', audit: 1, premarks: null })
  expect(await h.ledger('v-audit')).toEqual([])
  expect(h.service.accepts.map((a) => a.videoId)).not.toContain('v-audit')
})

it('dismisses a video whose every suggestion is below the floor, sending nothing', async () => {
  const engine = h.engine()
  await h.started('v-floor')
  h.service.complete('v-floor', [
    ['p-1', 10],
    ['p-2', 29],
  ])
  expect(await outcomeOf(engine, 'v-floor')).toBe('settle')
  expect(h.service.accepts.map((a) => a.videoId)).not.toContain('v-floor')
  expect((await h.ledger('v-floor')).map((row) => [row.decision, row.source])).toEqual([
    ['rejected', 'floor'],
    ['rejected', 'floor'],
  ])
  expect((await h.reviewVideo('v-floor'))?.state).toBe('dismissed')
  expect(await h.auditEntries('review.autoReject')).toHaveLength(1)
})

it('acts on a job whose end someone else read first, but not on one done before it was turned on', async () => {
  const engine = h.engine()
  await h.started('v-raced')
  h.service.complete('v-raced', [['p-1', 80]])
  await h.readElsewhere('v-raced')
  expect(await outcomeOf(engine, 'v-raced')).toBe('settle')

  // A job done before auto-accept was (last) turned on stays with the people reviewing it.
  await h.started('v-backlog')
  h.service.complete('v-backlog', [['p-1', 80]])
  const doneAt = Date.now()
  await waitUntil(() => Date.now() > doneAt, 'the clock to move on')
  await h.turnOn({ threshold: 75 })
  await h.readElsewhere('v-backlog')
  expect(await outcomeOf(engine, 'v-backlog')).toBe('none')
  expect(await h.reviewVideo('v-backlog')).toBeUndefined()
  await h.turnOn({ threshold: 70 })
})

it('waits as long as the service asks when it is busy, then settles', async () => {
  const engine = h.engine()
  await h.started('v-busy')
  h.service.complete('v-busy', [['p-1', 99]])
  h.service.refuseNext(429, 30_000)
  expect(await outcomeOf(engine, 'v-busy')).toBe('failed')
  expect((await engine.tick()).ran).toBe(false)
  h.advance(30_001)
  expect(await outcomeOf(engine, 'v-busy')).toBe('settle')
  expect(h.logged).toEqual([])
})

it('reads a running job again while people reading the queue keep re-noting other videos', async () => {
  const engine = h.engine({ perTick: 4 })
  await h.started('v-long')
  expect(await outcomeOf(engine, 'v-long')).toBe('none')
  h.service.complete('v-long', [['p-1', 90]])
  h.advance(rereadRunningMs + 1)
  // Each queue read notes every waiting video as learned again, more than one run reads.
  for (let each = 0; each < 8; each++) await h.readElsewhere(`v-waiting-${each}`)
  expect(await outcomeOf(engine, 'v-long')).toBe('settle')
})
