/**
 * Calibration must answer fast on a long ledger (bench:review: p95 ≤ 200 ms at 100,000 decisions).
 * SQLite's plans say how: the counts read only the calibration index, in its order (no sort of
 * every decision); the pace and the period walk the ledger from its ends and sort nothing; the
 * slices kept between answers read only the decisions written since.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { calibrationReads } from '../../../server/dashboard/review/calibration.ts'
import { slicesWritten } from '../../../server/dashboard/review/calibration-slices.ts'
import { type Ledger, many, openLedger, record } from './calibration-ledger.ts'

let dir: string
let db: Ledger
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calibration-plan-'))
  db = await openLedger({ sqlitePath: join(dir, 'dashboard.db') })
  await record(db, many(50, 40, { score: 80 }))
})
afterAll(async () => {
  await db?.destroy()
  rmSync(dir, { recursive: true, force: true })
})

async function planOf(query: { compile(): CompiledQuery }) {
  const compiled = query.compile()
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  )
  return rows.map((row) => row.detail).join(' | ')
}

const slices = [
  {},
  { storeId: 'store-main' },
  { category: 'Shoes', fromMs: 0, toMs: Date.now() },
  { storeId: 'store-main', category: 'Shoes', fromMs: 0 },
]

it.each(slices)('counts from the calibration index alone, in its order, for %o', async (slice) => {
  const reads = calibrationReads(db, slice)
  const scores = await planOf(reads.scores)
  expect(scores).toMatch(/USING COVERING INDEX review_decisions_calibration/)
  expect(scores).not.toMatch(/TEMP B-TREE/)
  expect(await planOf(reads.slices)).toMatch(/USING COVERING INDEX review_decisions_calibration/)
  for (const walk of [reads.pace, reads.first, reads.last]) {
    const plan = await planOf(walk)
    expect(plan).toMatch(/^SCAN review_decisions$/)
  }
})

it('reads the slices of new decisions by the ledger’s order, not every decision', async () => {
  expect(await planOf(slicesWritten(db, 40, 60))).toMatch(
    /^SEARCH review_decisions USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/,
  )
})
