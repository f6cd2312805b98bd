import type { RulesDb } from './rules-deps.ts'

const batch = 500

/**
 * Deletes the traces of runs begun before `cutoffMs` (90 days by default), steps first, a batch
 * at a time so a large backlog never holds the database long. A run still going is kept.
 * Returns how many runs were deleted.
 */
export async function sweepTraces(db: RulesDb, cutoffMs: number): Promise<number> {
  let deleted = 0
  for (;;) {
    const old = await db
      .selectFrom('rule_runs')
      .select('id')
      .where('started_ms', '<', cutoffMs)
      .where('outcome', '!=', 'running')
      .limit(batch)
      .execute()
    if (old.length === 0) return deleted
    const ids = old.map((run) => run.id)
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('rule_steps').where('run_id', 'in', ids).execute()
      await tx.deleteFrom('rule_runs').where('id', 'in', ids).execute()
    })
    deleted += ids.length
  }
}
