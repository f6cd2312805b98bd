/**
 * Calibration from a seeded ledger, on SQLite and PostgreSQL: known counts give known shares and
 * Wilson intervals (computed by hand from the formula), sparse bands are flagged, slices narrow
 * by store, category and period, and what is not the team's judgement (undone, unseen, automatic,
 * outside the dashboard, second reviews) is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCalibration } from '../../../server/dashboard/review/calibration.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { day0, decisionRow, type Ledger, many, openLedger, record } from './calibration-ledger.ts'

const day = 86_400_000
const main = { store_id: 'store-main', category: 'Shoes' }
const eu = { store_id: 'store-eu', category: 'Bags', decided_ms: day0 + 10 * day }
const hats = { store_id: 'store-pace', category: 'Hats' }

// In the order a ledger is written: the EU store's decisions, ten days on, come last.
const history = [
  ...many(10, 1, { ...main, score: 25 }),
  ...[1_000, 2_000, 4_000, 9_000, 12_000].map((ms) =>
    decisionRow({ ...hats, score: 71, decision: 'accepted', ms_taken: ms }),
  ),
  ...many(20, 15, { ...main, score: 82 }),
  ...many(20, 15, { ...main, score: 87 }),
  ...many(50, 45, { ...main, score: 95 }),
  ...many(10, 10, { ...main, score: 99, source: 'audit' }),
  // None of these is the team's judgement; each would move band 8 or the pace if counted.
  ...many(5, 5, { ...main, score: 85, undone_at: new Date(day0).toISOString(), ms_taken: 60_000 }),
  ...many(5, 0, { ...main, score: 85, seen: 0, ms_taken: 60_000 }),
  ...many(5, 5, { ...main, score: 85, source: 'external', ms_taken: null }),
  ...many(5, 5, { ...main, score: 85, source: 'auto', ms_taken: null }),
  ...many(5, 0, { ...main, score: 85, source: 'floor', ms_taken: null }),
  ...many(5, 0, { ...main, score: 85, source: 'second', reviewer_id: 'account-bo' }),
  ...many(3, 3, { store_id: 'store-outside', category: 'Outside', score: 50, source: 'external' }),
  ...many(30, 0, { ...eu, score: 44 }),
]

const names = async () =>
  new Map([
    ['store-main', 'Main store'],
    ['store-eu', 'EU store'],
  ])

describe.each(bothDatabases)('calibration on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let db: Ledger
  beforeAll(async () => {
    database = await start()
    db = await openLedger(database.location)
    await record(db, history)
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.stop()
  })

  it('gives each band its accepted share and Wilson 95% interval, greying the sparse ones', async () => {
    const calibration = await readCalibration(db, {}, { storeNames: names })
    expect(calibration.decisions).toBe(145)
    expect(calibration.sparse_below).toBe(30)
    const band = (n: number) => calibration.bands[n]
    expect(calibration.bands.map((each) => each.band)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(calibration.bands.map((each) => each.decisions)).toEqual([
      0, 0, 10, 0, 30, 0, 0, 5, 40, 60,
    ])
    expect(band(8)).toMatchObject({ decisions: 40, accepted: 30, share: 0.75, sparse: false })
    expect(band(8)?.low).toBeCloseTo(0.598057, 5)
    expect(band(8)?.high).toBeCloseTo(0.85813, 5)
    expect(band(9)).toMatchObject({ decisions: 60, accepted: 55, sparse: false })
    expect(band(9)?.low).toBeCloseTo(0.819308, 5)
    expect(band(9)?.high).toBeCloseTo(0.96388, 5)
    expect(band(2)).toMatchObject({ decisions: 10, accepted: 1, share: 0.1, sparse: true })
    expect(band(2)?.low).toBeCloseTo(0.017876, 5)
    expect(band(2)?.high).toBeCloseTo(0.404156, 5)
    // Thirty is enough; none accepted is a share of 0 with an upper bound above it.
    expect(band(4)).toMatchObject({ decisions: 30, accepted: 0, share: 0, low: 0, sparse: false })
    expect(band(4)?.high).toBeCloseTo(0.113517, 5)
    expect(band(0)).toEqual({
      band: 0,
      decisions: 0,
      accepted: 0,
      share: null,
      low: null,
      high: null,
      sparse: true,
    })
  })

  it('counts each score for the threshold picker, and the team’s median seconds per decision', async () => {
    const calibration = await readCalibration(db, {})
    expect(calibration.scores).toEqual([
      { score: 25, decisions: 10, accepted: 1 },
      { score: 44, decisions: 30, accepted: 0 },
      { score: 71, decisions: 5, accepted: 5 },
      { score: 82, decisions: 20, accepted: 15 },
      { score: 87, decisions: 20, accepted: 15 },
      { score: 95, decisions: 50, accepted: 45 },
      { score: 99, decisions: 10, accepted: 10 },
    ])
    expect(calibration.pace.median_seconds).toBe(3)
    expect((await readCalibration(db, { category: 'Hats' })).pace.median_seconds).toBe(4)
    expect(calibration.period).toEqual({
      first: new Date(day0).toISOString(),
      last: new Date(day0 + 10 * day).toISOString(),
    })
  })

  it('offers the stores and categories the team decided on, named where known', async () => {
    const { slices } = await readCalibration(db, { storeId: 'store-eu' }, { storeNames: names })
    expect(slices.stores).toEqual([
      { id: 'store-eu', name: 'EU store' },
      { id: 'store-main', name: 'Main store' },
      { id: 'store-pace', name: null },
    ])
    expect(slices.categories).toEqual(['Bags', 'Hats', 'Shoes'])
    const unnamed = await readCalibration(
      db,
      {},
      {
        storeNames: () => Promise.reject(new Error('unreachable')),
      },
    )
    expect(unnamed.slices.stores.map((store) => store.name)).toEqual([null, null, null])
  })

  it('narrows to a store, a category or a period', async () => {
    const store = await readCalibration(db, { storeId: 'store-main' })
    expect(store.decisions).toBe(110)
    expect(store.bands.map((each) => each.decisions)).toEqual([0, 0, 10, 0, 0, 0, 0, 0, 40, 60])
    const category = await readCalibration(db, { category: 'Bags' })
    expect(category.bands.map((each) => each.decisions)).toEqual([0, 0, 0, 0, 30, 0, 0, 0, 0, 0])
    const later = await readCalibration(db, { fromMs: Date.parse('2026-03-10') })
    expect(later.decisions).toBe(30)
    const first = await readCalibration(db, { toMs: day0 + day })
    expect(first.decisions).toBe(115)
    const nothing = await readCalibration(db, { storeId: 'store-main', category: 'Bags' })
    expect(nothing).toMatchObject({ decisions: 0, scores: [], pace: { median_seconds: null } })
    expect(nothing.period).toEqual({ first: null, last: null })
  })
})
