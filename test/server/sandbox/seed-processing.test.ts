import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/sandbox/db/open.ts'
import { seeded } from './seeded-db.ts'

// A library many times the size of a year's uploads in flight: 4,000 videos at a 1% rate would
// leave forty processing everywhere in its history.
describe('a large demo library', () => {
  let db: Db
  beforeAll(async () => {
    db = await seeded(4_000)
  })
  afterAll(() => db.close())

  it('has only its newest videos still processing, as many as a small library', () => {
    const statuses = (
      db.prepare(`SELECT status FROM videos ORDER BY created_at DESC`).all() as Array<{
        status: string
      }>
    ).map((row) => row.status)
    const processing = statuses.flatMap((status, age) => (status === 'pending' ? [age] : []))
    expect(processing.length).toBeGreaterThan(5)
    expect(processing.length).toBeLessThan(60)
    expect(Math.max(...processing)).toBeLessThan(2_450)
    // The older videos still roll every other state.
    expect(statuses.slice(2_450)).toContain('errored')
  })
})
