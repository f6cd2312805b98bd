/**
 * When the team's decisions support auto-accept: at least 200 counted decisions at or above the
 * threshold, whose accepted share's Wilson lower bound meets the target. Counted are people's and
 * the audit's decisions that were seen and stand; on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { wilson } from '@/api/review.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { eligibilityAt } from '../../../server/dashboard/review/auto-accept-eligibility.ts'
import type { ReviewDb, ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { many, record } from './calibration-ledger.ts'

describe.each(bothDatabases)('auto-accept eligibility on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let db: ReviewDb
  beforeAll(async () => {
    database = await start()
    db = (
      await openDashboardDb({ ...database.location, areas: areaMigrations })
    ).withTables<ReviewTableMap>()
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.stop()
  })
  beforeEach(async () => {
    await db.deleteFrom('review_decisions').execute()
  })

  it('needs 200 decisions at or above the threshold: 199 are refused however good', async () => {
    await record(db, many(199, 199, { score: 85 }))
    const few = await eligibilityAt(db, 80, 0.95)
    expect(few).toEqual({
      eligible: false,
      decisions: 199,
      accepted: 199,
      lower_bound: wilson(199, 199)?.low,
      reason:
        'At 80 and above the team has made 199 decisions; auto-accept needs at least 200 there to measure its precision.',
    })
    await record(db, many(1, 1, { score: 80 }))
    expect(await eligibilityAt(db, 80, 0.95)).toMatchObject({
      eligible: true,
      decisions: 200,
      reason: null,
    })
  })

  it('turns on only when the lower bound meets the target: 196 of 200 is just short, 197 enough', async () => {
    await record(db, many(200, 196, { score: 90 }))
    const short = await eligibilityAt(db, 80, 0.95)
    expect(short.eligible).toBe(false)
    expect(short.lower_bound).toBeCloseTo(0.9497, 4)
    expect(short.reason).toBe(
      'At 80 and above the team accepted 98% (lower bound 94.9%) of 200 decisions, short of the target of 95%: choose a higher threshold or a lower target.',
    )
    // A lower target is met by the same decisions.
    expect((await eligibilityAt(db, 80, 0.94)).eligible).toBe(true)

    await db.deleteFrom('review_decisions').execute()
    await record(db, many(200, 197, { score: 90 }))
    const enough = await eligibilityAt(db, 80, 0.95)
    expect(enough).toMatchObject({ eligible: true, decisions: 200 })
    expect(enough.lower_bound).toBeCloseTo(0.9568, 4)
  })

  it('counts only seen, standing decisions by people and the audit at or above the threshold', async () => {
    await record(db, [
      ...many(150, 150, { score: 90 }),
      ...many(60, 60, { score: 90, source: 'audit' }),
      // None of these is the team's judgement at 80 and above.
      ...many(100, 100, { score: 79 }),
      ...many(100, 100, { score: 95, source: 'auto' }),
      ...many(100, 0, { score: 95, source: 'floor' }),
      ...many(100, 100, { score: 95, source: 'external' }),
      ...many(100, 100, { score: 95, source: 'second' }),
      ...many(100, 0, { score: 95, seen: 0 }),
      ...many(100, 0, { score: 95, undone_at: '2026-03-02T10:00:00.000Z' }),
    ])
    expect(await eligibilityAt(db, 80, 0.95)).toMatchObject({ eligible: true, decisions: 210 })
  })
})
