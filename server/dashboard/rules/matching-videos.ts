import type { Kysely } from 'kysely'
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

const context = (source: MatchSource, now: Date): SqlContext => ({
  postgres: source.postgres,
  now,
  suggestions: source.pendingSuggestions(source.reads),
})

/** The channel's videos meeting the conditions, as a query still to be finished. */
function matching(source: MatchSource, channelId: string, tree: ConditionNode, now: Date) {
  const ctx = context(source, now)
  return source.reads
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
  const row = await matching(source, channelId, tree, now)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The first `limit` matches in the library's order (newest first), but those in `except`. */
export function firstMatching(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  limit: number,
  now = new Date(),
  except: readonly string[] = [],
) {
  return matching(source, channelId, tree, now)
    .$if(except.length > 0, (q) => q.where('v.id', 'not in', except))
    .select(['v.id', 'v.caption'])
    .orderBy('v.sort_key', 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute()
}

/** Every match's id, in the library's order. */
export async function matchingIds(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  now = new Date(),
) {
  const rows = await matching(source, channelId, tree, now)
    .select('v.id')
    .orderBy('v.sort_key', 'desc')
    .orderBy('v.id', 'desc')
    .execute()
  return rows.map((row) => row.id)
}

/** Which of `ids` meet the conditions (the videos two rules share, a playlist's members). */
export async function matchingAmong(
  source: MatchSource,
  channelId: string,
  tree: ConditionNode,
  ids: readonly string[],
  now = new Date(),
) {
  const found: string[] = []
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await matching(source, channelId, tree, now)
      .select('v.id')
      .where('v.id', 'in', ids.slice(start, start + 500))
      .execute()
    found.push(...rows.map((row) => row.id))
  }
  return found
}
