import { randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import { bandOf } from '@/api/review.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import type { ReviewDb, ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import type { ReviewDecisionTable } from '../../../server/dashboard/review/tables.ts'
import type { DatabaseLocation } from '../support/both-databases.ts'

export type Ledger = ReviewDb

/** The dashboard's database with its areas' tables, as the review area is handed it. */
export async function openLedger(location: DatabaseLocation): Promise<Ledger> {
  const db = await openDashboardDb({ ...location, areas: areaMigrations })
  return db.withTables<ReviewTableMap>()
}

export const day0 = Date.parse('2026-03-02T09:00:00.000Z')

type Fields = Partial<Omit<Insertable<ReviewDecisionTable>, 'seq'>> &
  Pick<ReviewDecisionTable, 'score' | 'decision'>

/** A ledger row as a person's review writes it, unless told otherwise. */
export function decisionRow(fields: Fields): Omit<Insertable<ReviewDecisionTable>, 'seq'> {
  const decidedMs = fields.decided_ms ?? day0
  return {
    id: randomUUID(),
    batch_id: randomUUID(),
    video_id: 'video-1',
    channel_id: 'channel-1',
    match_id: randomUUID(),
    product_id: 'product-1',
    store_id: 'store-main',
    category: 'Shoes',
    band: bandOf(fields.score),
    rank: 1,
    source: 'person',
    seen: 1,
    reviewer_id: 'account-ana',
    reviewer_email: 'ana@example.com',
    ms_taken: 3_000,
    decided_at: new Date(decidedMs).toISOString(),
    decided_ms: decidedMs,
    undone_at: null,
    undone_by: null,
    ...fields,
  }
}

/** `n` rows alike, `accepted` of them accepted. */
export const many = (n: number, accepted: number, fields: Omit<Fields, 'decision'>) =>
  Array.from({ length: n }, (_, i) =>
    decisionRow({ ...fields, decision: i < accepted ? 'accepted' : 'rejected' }),
  )

/** Writes rows into the ledger, in order (their `seq` follows), a few hundred per statement. */
export async function record(db: Ledger, rows: readonly ReturnType<typeof decisionRow>[]) {
  for (let at = 0; at < rows.length; at += 400)
    await db
      .insertInto('review_decisions')
      // seq is the database's own (autoincrement, bigserial).
      .values(rows.slice(at, at + 400) as Insertable<ReviewDecisionTable>[])
      .execute()
}
