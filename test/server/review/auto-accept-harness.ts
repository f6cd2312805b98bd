import { randomUUID } from 'node:crypto'
import type { AutoAcceptChange } from '@/api/review.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { createAuditLog } from '../../../server/dashboard/auth/audit-log.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { createLease } from '../../../server/dashboard/db/lease.ts'
import { noteMatching } from '../../../server/dashboard/index/review-queue.ts'
import { createNotices } from '../../../server/dashboard/notices/notices.ts'
import type { NoticeTables } from '../../../server/dashboard/notices/tables.ts'
import {
  type AutoAcceptEngineDeps,
  createAutoAcceptEngine,
} from '../../../server/dashboard/review/auto-accept-engine.ts'
import { saveAutoAccept } from '../../../server/dashboard/review/auto-accept-settings.ts'
import { createMatchLists } from '../../../server/dashboard/review/match-lists.ts'
import type { ReviewDb, ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import type { DatabaseLocation } from '../support/both-databases.ts'
import { createFakeMatchingService } from './auto-accept-service.ts'

/**
 * Auto-accept's engine on a real database (SQLite or PostgreSQL) over the fake matching service,
 * with a clock the test moves and the blind audit's draws given in order.
 */
export async function openAutoAcceptHarness(location: DatabaseLocation) {
  const base = await openDashboardDb({ ...location, areas: areaMigrations })
  const db: ReviewDb = base.withTables<ReviewTableMap>()
  const service = createFakeMatchingService()
  const audit = createAuditLog(base)
  const notices = createNotices(base.withTables<NoticeTables>())
  const lists = createMatchLists({ db, log: () => {} })
  const draws: number[] = []
  let offset = 0
  const now = () => Date.now() + offset
  const logged: string[] = []

  const ownHolder: string = randomUUID()
  /** An engine; another `holder` stands for another replica. */
  const engine = (overrides: Partial<AutoAcceptEngineDeps> = {}, holder = ownHolder) =>
    createAutoAcceptEngine({
      db,
      client: service.client,
      lists,
      lease: createLease(base, 'review-auto-accept', holder, { ttlMs: 30_000 }),
      audit: audit.record,
      notify: notices.notify,
      log: (message, fields) => logged.push(`${message} ${JSON.stringify(fields)}`),
      // Draws left unset are far from the audit's 5%.
      draw: () => draws.shift() ?? 0.5,
      now,
      ...overrides,
    })

  return {
    db,
    service,
    engine,
    draws,
    logged,
    advance(ms: number) {
      offset += ms
    },
    /** A job started through the dashboard: the index notes it running. */
    async started(videoId: string, tags: string[] = []) {
      service.start(videoId, tags)
      await noteMatching(base, videoId, 'in_progress', now())
    },
    /** Someone read the list after the job ended: the index notes its suggestions pending. */
    async readElsewhere(videoId: string) {
      await noteMatching(base, videoId, 'pending', now())
    },
    async turnOn(change: Partial<AutoAcceptChange> = {}) {
      await saveAutoAccept(
        db,
        { enabled: true, target: 0.95, threshold: 70, floor: 30, ...change },
        'admin@example.com',
      )
    },
    ledger: (videoId: string) =>
      db
        .selectFrom('review_decisions')
        .select(['batch_id', 'match_id', 'product_id', 'decision', 'source', 'seen', 'undone_at'])
        .where('video_id', '=', videoId)
        .orderBy('seq')
        .execute(),
    reviewVideo: (videoId: string) =>
      db
        .selectFrom('review_videos')
        .select(['state', 'audit', 'premarks'])
        .where('video_id', '=', videoId)
        .executeTakeFirst(),
    auditEntries: (operation: string) => audit.page({ operation }).then((page) => page.entries),
    adminNotices: () => notices.list({ id: 'someone-admin', role: 'admin' }),
    close: () => db.destroy(),
  }
}

export type AutoAcceptHarness = Awaited<ReturnType<typeof openAutoAcceptHarness>>
