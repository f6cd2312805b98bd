import type { RuleAction } from '../../../src/api/rules.ts'
import { ServiceReadError } from '../forwarding/service-client.ts'
import type { EngineContext } from './engine-context.ts'
import { renewRun } from './run-claim.ts'
import { doStep, type StepContext, type StepResult } from './steps.ts'
import { isRetryable, StepRefused, stepCalls, type TraceCall } from './steps-calls.ts'

export interface RunOnVideo {
  id: string
  ruleId: string
  ruleName: string
  videoId: string
  startedMs: number
}

export interface PendingStep {
  position: number
  action: RuleAction
  attempts: number
  calls: TraceCall[]
}

/** Why a step failed, in the service's words where it gave them. */
function failureNote(error: unknown): string {
  if (error instanceof StepRefused) return error.message
  if (error instanceof ServiceReadError)
    return error.serviceMessage
      ? `The service refused (${error.status}): ${error.serviceMessage}`
      : error.message
  return `The step failed: ${String(error)}`
}

/**
 * Runs one step to its end: recorded before each attempt (its count, so a replica resuming it
 * knows a call may have gone out) and after (its state, note and calls). A busy or failing
 * service is tried again after its Retry-After or a doubling wait, up to the attempts allowed.
 * Resolves null when another replica took the run over meanwhile.
 */
export async function runStep(
  context: EngineContext,
  run: RunOnVideo,
  step: PendingStep,
  facts: Pick<StepContext, 'storesOf' | 'unitsOf' | 'notifyFollowers'>,
): Promise<StepResult | null> {
  const { db, options } = context
  const calls = [...step.calls]
  const mine = (position: number) =>
    db
      .updateTable('rule_steps')
      .where('run_id', '=', run.id)
      .where('position', '=', position)
      .where('state', '=', 'pending')
  let attempts = step.attempts
  for (;;) {
    if (!(await renewRun(context, run.id))) return null
    const firstAttemptMs = attempts > 0 ? run.startedMs : null
    attempts++
    await mine(step.position).set({ attempts, next_attempt_ms: null }).execute()
    const traced = stepCalls(context.service, context.limit, attempts, context.now, (call) =>
      mine(step.position)
        .set({ calls: JSON.stringify([...calls, ...traced.calls, call]) })
        .execute()
        .then(() => {}),
    )
    let result: StepResult
    try {
      result = await doStep(
        {
          videoId: run.videoId,
          calls: traced,
          run: { id: run.id, ruleId: run.ruleId, ruleName: run.ruleName, startedMs: run.startedMs },
          now: context.now,
          firstAttemptMs,
          unanswered: calls.filter((call) => call.status === null && call.method !== 'GET'),
          ...facts,
        },
        step.action,
      )
      calls.push(...traced.calls)
    } catch (error) {
      calls.push(...traced.calls)
      if (isRetryable(error) && attempts < options.maxAttempts) {
        const hinted = (error as ServiceReadError).retryAfterMs
        const wait = Math.min(hinted ?? options.backoffMs * 2 ** (attempts - 1), 60_000)
        await mine(step.position)
          .set({
            calls: JSON.stringify(calls),
            next_attempt_ms: context.now() + wait,
            note: `${failureNote(error)}; trying again in ${Math.ceil(wait / 1000)} s`,
          })
          .execute()
        if (!(await waitHolding(context, run.id, wait))) return null
        continue
      }
      result = { state: 'failed', note: failureNote(error) }
    }
    await mine(step.position)
      .set({ state: result.state, note: result.note, calls: JSON.stringify(calls) })
      .execute()
    return result
  }
}

// Waits, renewing the run's lease meanwhile, so a long Retry-After does not hand it to another.
async function waitHolding(context: EngineContext, runId: string, ms: number): Promise<boolean> {
  const slice = Math.max(context.options.leaseTtlMs / 3, 1)
  for (let left = ms; left > 0; left -= slice) {
    await context.sleep(Math.min(left, slice))
    if (!(await renewRun(context, runId))) return false
  }
  return true
}
