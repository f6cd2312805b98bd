/**
 * The reviewer page's figures from a seeded ledger, on SQLite and PostgreSQL: each person's
 * decisions, pace (over active minutes, pauses capped at two) and undo rate; agreement and κ on
 * the double-reviewed sample; and the disagreements until someone settles them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReviewDecision } from '@/api/review.ts'
import { readReviewers } from '../../../server/dashboard/review/reviewers.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { day0, decisionRow, type Ledger, openLedger, record } from './calibration-ledger.ts'

const second = 1_000
const minute = 60 * second
const march = { fromMs: Date.parse('2026-03-01'), toMs: Date.parse('2026-04-01') }
const april = { fromMs: Date.parse('2026-04-01'), toMs: Date.parse('2026-05-01') }
const aprilDay = Date.parse('2026-04-06T10:00:00.000Z')

const ana = { reviewer_id: 'account-ana', reviewer_email: 'ana@example.com' }
const bo = { reviewer_id: 'account-bo', reviewer_email: 'bo@example.com' }
const admin = { reviewer_id: 'account-admin', reviewer_email: 'admin@example.com' }

// March: Ana's three submits of two decisions each, 30 s apart then after a 10-minute break (which
// counts as 2 minutes): 150 s active, 6 decisions, 2.4 a minute. One is undone; one she never saw.
const march1 = [0, 0, 30, 30, 630, 630].map((at, i) =>
  decisionRow({
    ...ana,
    score: 70,
    decision: 'accepted',
    decided_ms: day0 + at * second,
    ms_taken: (i + 1) * second,
    ...(i === 5 ? { undone_at: new Date(day0 + 700 * second).toISOString() } : {}),
  }),
)
const unseen = decisionRow({ ...ana, score: 20, decision: 'rejected', seen: 0, ms_taken: null })
// Bo in March: one submit, so no gap to measure a pace by.
const boMarch = decisionRow({ ...bo, score: 50, decision: 'rejected', ms_taken: 9_000 })

// April: the double-reviewed sample. Each video has one suggestion: Ana reviews it first, Bo a
// second time; 20 both accept, 15 both reject, 5 Ana only, 10 Bo only (κ = 0.4 at 70%).
const outcomes: [ReviewDecision, ReviewDecision, number][] = [
  ['accepted', 'accepted', 20],
  ['rejected', 'rejected', 15],
  ['accepted', 'rejected', 5],
  ['rejected', 'accepted', 10],
]
const sample = outcomes.flatMap(([first, then, n], group) =>
  Array.from({ length: n }, (_, i) => ({
    video: `video-${group}-${i}`,
    product: `product-${group}-${i}`,
    first,
    then,
  })),
)
const pairRow = (
  video: string,
  product: string,
  decision: ReviewDecision,
  who: typeof ana,
  source: 'person' | 'second',
  at: number,
) =>
  decisionRow({
    ...who,
    video_id: video,
    match_id: `match-${product}`,
    product_id: product,
    score: 60,
    decision,
    source,
    decided_ms: at,
  })
const firsts = sample.map((each) =>
  pairRow(each.video, each.product, each.first, ana, 'person', aprilDay),
)
const seconds = sample.map((each) =>
  pairRow(each.video, each.product, each.then, bo, 'second', aprilDay + minute),
)
// An admin settles one of the split videos: their decision comes after both reviews.
const settle = pairRow(
  'video-2-0',
  'product-2-0',
  'rejected',
  admin,
  'person',
  aprilDay + 2 * minute,
)
// A second review Bo undid is no pair.
const undoneFirst = pairRow('video-x', 'product-x', 'accepted', ana, 'person', aprilDay)
const undoneSecond = {
  ...pairRow('video-x', 'product-x', 'rejected', bo, 'second', aprilDay + minute),
  undone_at: new Date(aprilDay + 90 * second).toISOString(),
}

describe.each(bothDatabases)('the reviewer page on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let db: Ledger
  beforeAll(async () => {
    database = await start()
    db = await openLedger(database.location)
    await record(db, [...march1, unseen, boMarch, ...firsts, undoneFirst, ...seconds, undoneSecond])
    await record(db, [settle])
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.stop()
  })

  it('gives each person’s decisions, pace over active minutes, median seconds and undo rate', async () => {
    const { reviewers } = await readReviewers(db, march)
    expect(reviewers).toEqual([
      {
        account_id: 'account-ana',
        email: 'ana@example.com',
        decisions: 6,
        per_minute: 6 / 2.5,
        median_seconds: 3,
        undo_rate: 1 / 6,
      },
      {
        account_id: 'account-bo',
        email: 'bo@example.com',
        decisions: 1,
        per_minute: null,
        median_seconds: 9,
        undo_rate: 0,
      },
    ])
  })

  it('measures agreement and κ on the double-reviewed sample', async () => {
    const { agreement } = await readReviewers(db, april)
    expect(agreement.pairs).toBe(50)
    expect(agreement.percent).toBeCloseTo(70, 10)
    expect(agreement.kappa).toBeCloseTo(0.4, 10)
    // Nothing was reviewed twice in March.
    expect((await readReviewers(db, march)).agreement).toEqual({
      pairs: 0,
      percent: null,
      kappa: null,
    })
  })

  it('lists the videos the two reviews differ on until someone settles them', async () => {
    const captions = async (ids: readonly string[]) =>
      new Map(ids.map((id) => [id, id === 'video-3-0' ? 'Linen shirt, styled' : null]))
    const { disagreements } = await readReviewers(db, {}, captions)
    const videos = disagreements.map((each) => each.video_id)
    expect(videos).toHaveLength(14)
    expect(videos).not.toContain('video-2-0')
    expect(videos).toContain('video-2-1')
    expect(disagreements.find((each) => each.video_id === 'video-3-0')).toEqual({
      video_id: 'video-3-0',
      caption: 'Linen shirt, styled',
      first: { email: 'ana@example.com', accepted: [] },
      second: { email: 'bo@example.com', accepted: ['product-3-0'] },
    })
    expect(disagreements.find((each) => each.video_id === 'video-2-1')).toMatchObject({
      caption: null,
      first: { accepted: ['product-2-1'] },
      second: { accepted: [] },
    })
  })
})
