/**
 * The index's migration for the rules (0013) is a core one, and sorts after the areas' own
 * (0010 to 0012): a database first opened without the areas (`npm run user:add`, a tool) must
 * still open with them after, running the areas' migrations it lacks.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'

describe('the dashboard database', () => {
  it('opens with the areas after being opened without them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migration-order-'))
    try {
      const sqlitePath = join(dir, 'dashboard.db')
      const core = await openDashboardDb({ sqlitePath })
      await core.destroy()
      const all = await openDashboardDb({ sqlitePath, areas: areaMigrations })
      const tables = await sql<{
        name: string
      }>`select name from sqlite_master where type = 'table'`.execute(all)
      await all.destroy()
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['rules', 'rule_versions', 'notices', 'review_decisions']),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
