/**
 * The calibration's slices are kept between answers (a read of every decision costs as much as
 * the counts): new decisions add their store and category at the next answer, and a full read now
 * and then lets go of a store whose decisions were all undone. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keptSlices } from '../../../server/dashboard/review/calibration-slices.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { type Ledger, many, openLedger, record } from './calibration-ledger.ts'

const stores = (pairs: { store_id: string | null; category: string | null }[]) =>
  pairs.map((pair) => `${pair.store_id}/${pair.category}`).sort()

describe.each(bothDatabases)('kept slices on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let db: Ledger
  beforeAll(async () => {
    database = await start()
    db = await openLedger(database.location)
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.stop()
  })

  it('adds what new decisions bring and, at the next full read, drops what was undone', async () => {
    let clock = 0
    const slices = keptSlices(() => clock)
    expect(await slices(db)).toEqual([])
    await record(db, many(3, 1, { score: 70, store_id: 'main', category: 'Shoes' }))
    expect(stores(await slices(db))).toEqual(['main/Shoes'])
    await record(db, [
      ...many(2, 2, { score: 90, store_id: 'eu', category: 'Bags' }),
      // Not the team's judgement: no slice of their own.
      ...many(2, 2, { score: 90, store_id: 'auto-only', category: 'Hats', source: 'auto' }),
    ])
    expect(stores(await slices(db))).toEqual(['eu/Bags', 'main/Shoes'])
    await db
      .updateTable('review_decisions')
      .set({ undone_at: new Date().toISOString() })
      .where('store_id', '=', 'eu')
      .execute()
    // Kept until the next full read, ten minutes on.
    expect(stores(await slices(db))).toEqual(['eu/Bags', 'main/Shoes'])
    clock += 10 * 60_000 + 1
    expect(stores(await slices(db))).toEqual(['main/Shoes'])
  })
})
