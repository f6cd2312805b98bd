import { randomUUID } from 'node:crypto'
import type { EngineContext } from './engine-context.ts'
import type { StoredRule } from './rules-deps.ts'

/** What started a run: in the trace as `cause`, and in words. */
export interface RunCause {
  kind: 'video_created' | 'video_updated' | 'reconcile' | 'schedule' | 'manual'
  /** When it happened (the event's time, the tick's, the request's), ISO. */
  at: string
  detail: string
}

export interface RunRequest {
  rule: StoredRule
  videoId: string
  /** The event the run answers: with the rule, unique across replicas and redeliveries. */
  eventKey: string
  cause: RunCause
  /** The event's data, kept for a retry. */
  event: unknown
}

/**
 * Claims a run for each request whose (rule, event) no replica has claimed, in one transaction:
 * two replicas given the same event contend once, and the one that commits first holds every run
 * of it (its runs on one video then go in priority order, never interleaved with the other's).
 * Returns the runs claimed, in the order asked.
 */
export async function claimRuns(
  context: EngineContext,
  requests: readonly RunRequest[],
): Promise<{ runId: string; request: RunRequest }[]> {
  if (requests.length === 0) return []
  const startedMs = context.now()
  return context.db.transaction().execute(async (tx) => {
    const claimed: { runId: string; request: RunRequest }[] = []
    for (const request of requests) {
      const inserted = await tx
        .insertInto('rule_runs')
        .values({
          id: randomUUID(),
          rule_id: request.rule.id,
          rule_version: request.rule.version,
          video_id: request.videoId,
          claim_key: `${request.rule.id}|${request.eventKey}`,
          cause: JSON.stringify(request.cause),
          event: JSON.stringify(request.event ?? null),
          outcome: 'running',
          conditions: '[]',
          started_at: new Date(startedMs).toISOString(),
          started_ms: startedMs,
          finished_at: null,
          holder: context.holder,
          lease_until: startedMs + context.options.leaseTtlMs,
        })
        .onConflict((conflict) => conflict.column('claim_key').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted) claimed.push({ runId: inserted.id, request })
    }
    return claimed
  })
}

/**
 * Takes over a run whose holder stopped (its lease ran out) or hands a finished run back for a
 * retry: true when this replica now holds it.
 */
export async function takeOver(
  context: EngineContext,
  runId: string,
  from: 'expired' | 'failed',
): Promise<boolean> {
  const now = context.now()
  let update = context.db
    .updateTable('rule_runs')
    .set({
      holder: context.holder,
      lease_until: now + context.options.leaseTtlMs,
      outcome: 'running',
      finished_at: null,
    })
    .where('id', '=', runId)
  update =
    from === 'expired'
      ? update.where('outcome', '=', 'running').where('lease_until', '<', now)
      : update.where('outcome', 'in', ['failed', 'partly_failed'])
  const taken = await update.executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

/** Renews this replica's hold on a run; false once another replica has taken it over. */
export async function renewRun(context: EngineContext, runId: string): Promise<boolean> {
  const renewed = await context.db
    .updateTable('rule_runs')
    .set({ lease_until: context.now() + context.options.leaseTtlMs })
    .where('id', '=', runId)
    .where('holder', '=', context.holder)
    .where('outcome', '=', 'running')
    .executeTakeFirst()
  return Number(renewed.numUpdatedRows) > 0
}
