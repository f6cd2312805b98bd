import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { EngineContext } from './engine-context.ts'
import type { RulesDb } from './rules-deps.ts'

// Whether a replica's engine is running is one lease of its own, renewed every few seconds: its
// runs and videos are taken over once it lapses, however long their own leases (which a live
// replica's backlog may need) still run. Decision 0024.

const beatName = (holder: string) => `rules-replica:${holder}`

/** This replica's heartbeat: taken at start and on every keeper tick. */
export const replicaBeat = (context: Pick<EngineContext, 'lease' | 'holder' | 'options'>) =>
  context.lease(beatName(context.holder), context.holder, context.options.aliveTtlMs)

/** `holder` (a column of the outer row) has no unexpired heartbeat: its replica stopped. */
export const stoppedHolder = (holder: RawBuilder<unknown>, now: number) =>
  sql<SqlBool>`not exists (select 1 from index_leases as beat where beat.name = ${beatName('')} || ${holder} and beat.expires_at >= ${now})`

/**
 * Takes the lease `name` from a replica whose heartbeat lapsed (its own lease may still run);
 * false when it is free, this replica's, or held by a running one.
 */
export async function takeFromStopped(
  db: RulesDb,
  name: string,
  holder: string,
  ttlMs: number,
  now: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('index_leases')
    .set({ holder, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where('holder', '<>', holder)
    .where(stoppedHolder(sql.ref('index_leases.holder'), now))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}
