/**
 * The index's migration for the rules (0013) is a core one, and sorts after the areas' own
 * (0010 to 0012): a database first opened without the areas (`npm run user:add`, a tool) must
 * still open with them after, running the areas' migrations it lacks; and a tool opening it
 * without them after the server ran them must not refuse it.
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

  it('opens without the areas after the server ran them, their tables left as they are', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migration-order-'))
    try {
      const sqlitePath = join(dir, 'dashboard.db')
      const all = await openDashboardDb({ sqlitePath, areas: areaMigrations })
      await sql`insert into notices (id, audience, account_id, kind, title, body, link, created_at) values ('n_1', 'person', 'a_1', 'rule', 'Kept', '', '/', '2026-11-28T00:00:00Z')`.execute(
        all,
      )
      await all.destroy()
      // What `npm run user:add` does once the server has run.
      const core = await openDashboardDb({ sqlitePath })
      await core.destroy()
      const again = await openDashboardDb({ sqlitePath, areas: areaMigrations })
      const kept = await sql<{ title: string }>`select title from notices`.execute(again)
      await again.destroy()
      expect(kept.rows).toEqual([{ title: 'Kept' }])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
