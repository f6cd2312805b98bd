import { type Kysely, sql } from 'kysely'
import type { ConditionNode } from '../../../src/api/rules.ts'
import type { DashboardTables } from '../db/database.ts'
import { conditionsSql, type SqlContext } from './compile-sql.ts'
import type { PendingSuggestions } from './rules-deps.ts'

/** Where a channel's matches are read, and how the conditions are written there. */
export interface MatchSource {
  reads: Kysely<DashboardTables>
  postgres: boolean
  pendingSuggestions: PendingSuggestions
}

type Reads = Kysely<DashboardTables>

/**
 * Runs `read` where the matches are read; on PostgreSQL without nested loops and in one process.
 * A rule's tests (text patterns, sets of tagged products) defeat the planner's estimates, and
 * where it guessed a handful of rows it joined tens of thousands to tens of thousands one pair at
 * a time: a preview that took 0.4 s took minutes. Every match query reads sets of a channel,
 * which hash. In parallel, each worker built the same hashed set again (the product tags whose
 * product is out of stock: 150,000 rows read three times over in bench:rules' plans), which on a
 * machine of two cores made a preview slower, not faster.
 */
function planned<T>(source: MatchSource, read: (db: Reads) => Promise<T>): Promise<T> {
  if (!source.postgres) return read(source.reads)
  return source.reads.transaction().execute(async (tx) => {
    await sql`set local enable_nestloop = off`.execute(tx)
    await sql`set local max_parallel_workers_per_gather = 0`.execute(tx)
    return read(tx)
  })
}

/** The channel's videos meeting the conditions, as a query still to be finished. */
function matching(
  db: Reads,
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  now: Date,
) {
  const ctx: SqlContext = {
    postgres: source.postgres,
    now,
    suggestions: source.pendingSuggestions(db),
  }
  return db
    .selectFrom('indexed_videos as v')
    .where('v.channel_id', '=', channelId)
    .where((eb) => conditionsSql(eb, ctx, tree))
}

/** How many of the channel's videos meet the conditions now. */
export async function countMatching(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  now = new Date(),
) {
  const row = await planned(source, (db) =>
    matching(db, source, channelId, tree, now)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  )
  return Number(row?.n ?? 0)
}

/**
 * How many videos match, and the first `limit` of them in the library's order, from one query:
 * the matches are found once (a materialized CTE), then counted and the first of them listed.
 * A window count under the limit let PostgreSQL plan for the first few rows alone (a nested loop
 * over every tagged product, per video) although it must read them all: 30 s at 100,000 videos.
 */
export async function countAndFirst(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  limit: number,
  now = new Date(),
) {
  const rows = await planned(source, (db) =>
    db
      .with(
        (cte) => cte('m').materialized(),
        () =>
          matching(db, source, channelId, tree, now).select(['v.id', 'v.caption', 'v.sort_key']),
      )
      .selectFrom('m')
      .select((eb) => [
        'm.id',
        'm.caption',
        eb.selectFrom('m as all').select(eb.fn.countAll<number>().as('n')).as('matches'),
      ])
      .orderBy('m.sort_key', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute(),
  )
  return {
    matches: Number(rows[0]?.matches ?? 0),
    videos: rows.map((row) => ({ id: row.id, caption: row.caption })),
  }
}

/** The first `limit` matches in the library's order (newest first). */
export function firstMatching(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  limit: number,
  now = new Date(),
) {
  return planned(source, (db) =>
    matching(db, source, channelId, tree, now)
      .select(['v.id', 'v.caption'])
      .orderBy('v.sort_key', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute(),
  )
}

/** Every match's id, in the library's order. */
export async function matchingIds(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  now = new Date(),
) {
  const rows = await planned(source, (db) =>
    matching(db, source, channelId, tree, now)
      .select('v.id')
      .orderBy('v.sort_key', 'desc')
      .orderBy('v.id', 'desc')
      .execute(),
  )
  return rows.map((row) => row.id)
}

/** Every match with what a dry run shows and checks of it, in the library's order. */
export function matchingRows(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  now = new Date(),
) {
  return planned(source, (db) =>
    matching(db, source, channelId, tree, now)
      .select(['v.id', 'v.caption', 'v.published_at', 'v.archived_at'])
      .orderBy('v.sort_key', 'desc')
      .orderBy('v.id', 'desc')
      .execute(),
  )
}
