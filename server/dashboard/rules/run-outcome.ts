import type { runOutcomes } from '../../../src/api/rules.ts'
import type { EngineContext } from './engine-context.ts'

type Outcome = (typeof runOutcomes)[number]
type StepState = 'pending' | 'applied' | 'failed' | 'skipped'

/** What a run's steps add up to: never `applied` when one of them failed. */
export function outcomeOf(states: readonly StepState[]): Outcome {
  if (states.length === 0) return 'no_match'
  const failed = states.includes('failed')
  const applied = states.includes('applied')
  if (failed) return applied ? 'partly_failed' : 'failed'
  return applied ? 'applied' : 'skipped'
}

/**
 * Records a run's end (with its conditions' answers, when not yet recorded), if this replica still
 * holds it; false if another took it over.
 */
export async function finishRun(
  context: EngineContext,
  runId: string,
  outcome: Outcome,
  conditions?: string,
) {
  const done = await context.db
    .updateTable('rule_runs')
    .set({
      outcome,
      finished_at: new Date(context.now()).toISOString(),
      holder: null,
      lease_until: null,
      ...(conditions === undefined ? {} : { conditions }),
    })
    .where('id', '=', runId)
    .where('holder', '=', context.holder)
    .where('outcome', '=', 'running')
    .executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

/** Runs over which a rule's failures are counted, and the share that pauses it. */
export const pauseWindow = 20

/**
 * Pauses a rule whose last 20 runs that acted (since it was last changed or switched on) failed
 * more than half the time: recorded in the audit log, and its followers told. Only a rule still
 * on and unpaused is paused, once, whichever replica gets there first.
 */
export async function pauseIfFailing(context: EngineContext, ruleId: string) {
  const { db } = context
  const rule = await db
    .selectFrom('rules')
    .select(['name', 'enabled', 'paused', 'updated_at', 'deleted_at'])
    .where('id', '=', ruleId)
    .executeTakeFirst()
  if (!rule?.enabled || rule.paused || rule.deleted_at) return
  const recent = await db
    .selectFrom('rule_runs')
    .select('outcome')
    .where('rule_id', '=', ruleId)
    .where('outcome', 'in', ['applied', 'failed', 'partly_failed'])
    .where('started_ms', '>=', Date.parse(rule.updated_at))
    .orderBy('started_ms', 'desc')
    .limit(pauseWindow)
    .execute()
  if (recent.length < pauseWindow) return
  const failed = recent.filter((run) => run.outcome !== 'applied').length
  if (failed * 2 <= pauseWindow) return
  const at = new Date(context.now()).toISOString()
  const reason = `${failed} of its last ${pauseWindow} runs failed`
  const paused = await db
    .updateTable('rules')
    .set({ paused: JSON.stringify({ at, reason }) })
    .where('id', '=', ruleId)
    .where('paused', 'is', null)
    .executeTakeFirst()
  if (Number(paused.numUpdatedRows) === 0) return
  await context
    .audit({
      account_id: 'rules-engine',
      account_email: 'rules engine',
      operation: 'dashboard.pauseRule',
      method: 'POST',
      path: `/api/dashboard/rules/${ruleId}`,
      status: 200,
    })
    .catch((error: unknown) =>
      context.log('audit: a rule pausing itself was not recorded', {
        ruleId,
        error: String(error),
      }),
    )
  await tellFollowers(context, ruleId, {
    kind: 'rule_paused',
    title: `Rule “${rule.name}” paused itself`,
    body: `${reason}. Its runs say what went wrong; switch it on again once that is fixed.`,
    link: `/rules/${ruleId}`,
  })
}

/** Leaves a notice for each follower of a rule; how many were told. */
export async function tellFollowers(
  context: EngineContext,
  ruleId: string,
  notice: { kind: string; title: string; body: string; link: string },
): Promise<number> {
  const followers = await context.db
    .selectFrom('rule_followers')
    .select('account_id')
    .where('rule_id', '=', ruleId)
    .execute()
  for (const { account_id } of followers)
    await context.notify({ to: { account: account_id }, ...notice })
  return followers.length
}
