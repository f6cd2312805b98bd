import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { bandOf, type ReviewDecision } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'
import type { Suggestion } from './suggestions.ts'
import type { DecisionSource, ReviewDecisionTable } from './tables.ts'

export type LedgerRow = Selectable<ReviewDecisionTable>

/** Who decided: a person, or nobody (the machine, or someone outside the dashboard). */
export interface Decider {
  id: string
  email: string
}

/** One suggestion decided, as a batch records it. */
export interface DecisionEntry {
  suggestion: Suggestion
  decision: ReviewDecision
  source: DecisionSource
  seen: boolean
  msTaken: number | null
  /** For an acceptance sent to the service: whether it added the tag (see `withAddedTags`). */
  addedTag?: boolean
  /** A row of its own id (an outside decision's, so that it is recorded once); else a new one. */
  id?: string
}

type Writer = Pick<ReviewDb, 'insertInto' | 'updateTable'>

const insertRows = 1000

/**
 * Records decisions made together (one submit, one settle, one automatic pass) as one batch;
 * returns its id. A row whose id is already recorded is left as it is.
 */
export async function recordBatch(
  db: Writer,
  batch: {
    videoId: string
    channelId: string | null
    entries: readonly DecisionEntry[]
    decider: Decider | null
    at?: Date
    batchId?: string
  },
): Promise<string> {
  const batchId = batch.batchId ?? randomUUID()
  if (batch.entries.length === 0) return batchId
  const at = batch.at ?? new Date()
  const rows = batch.entries.map(({ suggestion, ...entry }) => ({
    id: entry.id ?? randomUUID(),
    batch_id: batchId,
    video_id: batch.videoId,
    channel_id: batch.channelId,
    match_id: suggestion.match_id,
    product_id: suggestion.product_id,
    store_id: suggestion.store_id,
    category: suggestion.category,
    score: suggestion.score,
    band: bandOf(suggestion.score),
    rank: suggestion.rank,
    decision: entry.decision,
    source: entry.source,
    seen: entry.seen ? 1 : 0,
    reviewer_id: batch.decider?.id ?? null,
    reviewer_email: batch.decider?.email ?? null,
    ms_taken: entry.msTaken,
    added_tag: entry.addedTag === undefined ? null : entry.addedTag ? 1 : 0,
    decided_at: at.toISOString(),
    decided_ms: at.getTime(),
    undone_at: null,
    undone_by: null,
  }))
  // SQLite takes at most 32,766 values in one statement: 22 columns a row.
  for (let start = 0; start < rows.length; start += insertRows)
    await db
      .insertInto('review_decisions')
      .values(rows.slice(start, start + insertRows))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute()
  return batchId
}

/** Marks rows undone (a change, an undo, a settle); returns how many were still in effect. */
export async function markUndone(
  db: Writer,
  ids: readonly string[],
  by: string,
  at = new Date(),
): Promise<number> {
  if (ids.length === 0) return 0
  const result = await db
    .updateTable('review_decisions')
    .set({ undone_at: at.toISOString(), undone_by: by })
    .where('id', 'in', ids)
    .where('undone_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * What the ledger says of each of a video's suggestions: its latest decision still in effect.
 * A second reviewer's decisions are never sent, so they explain nothing of the service's states.
 */
export async function effectiveDecisions(
  db: ReviewDb,
  videoId: string,
): Promise<Map<string, LedgerRow>> {
  const rows = await db
    .selectFrom('review_decisions')
    .selectAll()
    .where('video_id', '=', videoId)
    .where('undone_at', 'is', null)
    .where('source', '!=', 'second')
    .orderBy('seq', 'asc')
    .execute()
  return new Map(rows.map((row) => [row.match_id, row]))
}

/** Sources a person decides under (they are not told which). */
export const personSources: readonly DecisionSource[] = ['person', 'audit', 'second']

/** Someone's last `limit` decisions still in effect, newest first: the ones they may change. */
export function recentOf(db: ReviewDb, reviewerId: string, limit = 10) {
  return db
    .selectFrom('review_decisions')
    .selectAll()
    .where('reviewer_id', '=', reviewerId)
    .where('source', 'in', personSources)
    .where('seen', '=', 1)
    .where('undone_at', 'is', null)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
}

/** A batch's rows still in effect. */
export const batchRows = (db: ReviewDb, batchId: string) =>
  db
    .selectFrom('review_decisions')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('undone_at', 'is', null)
    .orderBy('seq', 'asc')
    .execute()

/** A row as the ledger's answers show it. */
export const ledgerEntry = (row: LedgerRow) => ({
  id: row.id,
  batch_id: row.batch_id,
  video_id: row.video_id,
  match_id: row.match_id,
  product_id: row.product_id,
  score: row.score,
  rank: row.rank,
  decision: row.decision,
  source: row.source,
  reviewer_email: row.reviewer_email,
  decided_at: row.decided_at,
  undone_at: row.undone_at,
})

/** What a row recorded of its suggestion (a decision of a second reviewer, changed). */
export const suggestionOf = (row: LedgerRow): Suggestion => ({
  match_id: row.match_id,
  product_id: row.product_id,
  store_id: row.store_id,
  category: row.category,
  score: row.score,
  rank: row.rank,
  status: row.decision,
  updated_at: row.decided_at,
})
