import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { EngineContext, TraceCondition } from './engine-context.ts'
import { stoppedHolder } from './replica-liveness.ts'
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
  /** Answered already and matching nothing: recorded ended (`no_match`) with these answers. */
  unmatched?: TraceCondition[]
}

/**
 * Claims a run for each request whose (rule, event) no replica has claimed, in one statement:
 * two replicas given the same event contend once, and the one that commits first holds every run
 * of it (its runs on one video then go in priority order, never interleaved with the other's).
 * A request answered already (`unmatched`) is claimed ended. Returns the runs claimed, in the
 * order asked.
 */
export async function claimRuns(
  context: EngineContext,
  requests: readonly RunRequest[],
): Promise<{ runId: string; request: RunRequest }[]> {
  if (requests.length === 0) return []
  const startedMs = context.now()
  const byKey = new Map(requests.map((request) => [claimKey(request), request]))
  const inserted = await context.db
    .insertInto('rule_runs')
    .values(
      [...byKey].map(([key, request]) => ({
        id: randomUUID(),
        rule_id: request.rule.id,
        rule_version: request.rule.version,
        video_id: request.videoId,
        claim_key: key,
        cause: JSON.stringify(request.cause),
        event: JSON.stringify(request.event ?? null),
        started_at: new Date(startedMs).toISOString(),
        started_ms: startedMs,
        ...(request.unmatched
          ? {
              outcome: 'no_match' as const,
              conditions: JSON.stringify(request.unmatched),
              finished_at: new Date(startedMs).toISOString(),
              holder: null,
              lease_until: null,
            }
          : {
              outcome: 'running' as const,
              conditions: '[]',
              finished_at: null,
              holder: context.holder,
              lease_until: startedMs + context.options.leaseTtlMs,
            }),
      })),
    )
    .onConflict((conflict) => conflict.column('claim_key').doNothing())
    .returning(['id', 'claim_key'])
    .execute()
  const ids = new Map(inserted.map((row) => [row.claim_key, row.id]))
  return [...byKey].flatMap(([key, request]) => {
    const runId = ids.get(key)
    return runId ? [{ runId, request }] : []
  })
}

const claimKey = (request: RunRequest) => `${request.rule.id}|${request.eventKey}`

/** Hands a finished run that failed back for a retry: true when this replica now holds it. */
export async function takeOverFailed(context: EngineContext, runId: string): Promise<boolean> {
  const now = context.now()
  const taken = await context.db
    .updateTable('rule_runs')
    .set({
      holder: context.holder,
      lease_until: now + context.options.leaseTtlMs,
      outcome: 'running',
      finished_at: null,
    })
    .where('id', '=', runId)
    .where('outcome', 'in', ['failed', 'partly_failed'])
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

/**
 * Takes over at once up to `most` runs whose holder stopped (their leases ran out, or its
 * heartbeat did): each goes to
 * one replica, the one whose update reaches it first. Answers them by video, each video's in the
 * order they were claimed (a rule's priority within one event).
 */
export async function takeOverExpired(
  context: EngineContext,
  most: number,
): Promise<Map<string, string[]>> {
  const now = context.now()
  const taken = await context.db
    .updateTable('rule_runs')
    .set({ holder: context.holder, lease_until: now + context.options.leaseTtlMs })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('rule_runs')
        .select('id')
        .where('outcome', '=', 'running')
        .where((eb) =>
          eb.or([eb('lease_until', '<', now), stoppedHolder(sql.ref('rule_runs.holder'), now)]),
        )
        .limit(most),
    )
    // Again on the row itself: another replica's update may have taken it meanwhile.
    .where('outcome', '=', 'running')
    .where((eb) =>
      eb.or([eb('lease_until', '<', now), stoppedHolder(sql.ref('rule_runs.holder'), now)]),
    )
    .returning('id')
    .execute()
  const byVideo = new Map<string, string[]>()
  for (let start = 0; start < taken.length; start += 500) {
    const runs = await context.db
      .selectFrom('rule_runs as run')
      .innerJoin('rules as rule', 'rule.id', 'run.rule_id')
      .select(['run.id', 'run.video_id'])
      .where(
        'run.id',
        'in',
        taken.slice(start, start + 500).map((row) => row.id),
      )
      .orderBy('run.started_ms')
      .orderBy('rule.priority')
      .orderBy('rule.id')
      .execute()
    for (const run of runs) {
      const videoId = run.video_id ?? ''
      byVideo.set(videoId, [...(byVideo.get(videoId) ?? []), run.id])
    }
  }
  return byVideo
}

/**
 * Renews this replica's hold on a run (writing `conditions` with it, when given); false once
 * another replica has taken it over.
 */
export async function renewRun(
  context: EngineContext,
  runId: string,
  conditions?: string,
): Promise<boolean> {
  const renewed = await context.db
    .updateTable('rule_runs')
    .set({
      lease_until: context.now() + context.options.leaseTtlMs,
      ...(conditions === undefined ? {} : { conditions }),
    })
    .where('id', '=', runId)
    .where('holder', '=', context.holder)
    .where('outcome', '=', 'running')
    .executeTakeFirst()
  return Number(renewed.numUpdatedRows) > 0
}
