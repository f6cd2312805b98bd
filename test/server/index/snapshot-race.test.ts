/**
 * Webhooks of one new video reaching two replicas at the same moment (found by bench:rules): both
 * read no row, and the one whose insert comes second applies its news over the row the other made
 * instead of failing, which answered the service 503.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { applySnapshot } from '../../../server/dashboard/index/video-index.ts'
import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { videoEvent } from '../webhooks/support.ts'

// PostgreSQL only: SQLite's one connection runs the transactions one after another.
let postgres: Awaited<ReturnType<typeof startPostgresServer>>
let db: DashboardDb
beforeAll(async () => {
  postgres = await startPostgresServer()
  db = await openDashboardDb({
    sqlitePath: ':memory:',
    databaseUrl: postgres.url,
    areas: areaMigrations,
  })
}, 60_000)
afterAll(async () => {
  await db?.destroy()
  await postgres?.stop()
})

it('applies both webhooks of each new video, whichever replica inserts it first', async () => {
  const created = Math.floor(Date.now() / 1000)
  const ids = Array.from({ length: 40 }, (_, at) => `race-${at}`)
  const event = (id: string, type: string, caption: string) =>
    videoEvent(id, created, type, { caption }) as unknown as VideoEvent
  const answers = await Promise.allSettled(
    ids.flatMap((id) => [
      applySnapshot(db, event(id, 'video_created', 'made'), 'c1'),
      applySnapshot(db, event(id, 'video_updated', 'renamed'), 'c1'),
    ]),
  )
  expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([])
  const rows = await db
    .selectFrom('indexed_videos')
    .select(['id', 'created_at'])
    .where('id', 'in', ids)
    .execute()
  expect(rows).toHaveLength(ids.length)
  // The creation time comes from video_created, whichever of the two was applied last.
  expect(new Set(rows.map((row) => row.created_at))).toEqual(
    new Set([new Date(created * 1000).toISOString()]),
  )
})
