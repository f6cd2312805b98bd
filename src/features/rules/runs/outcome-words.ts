import type { RuleRun } from '@/api/rules'
import type { Tone } from '@/components/ui/tone'

type Outcome = RuleRun['outcome']

/** Each outcome in words; a failure never reads as a success. */
export const outcomeWords: Record<Outcome, string> = {
  applied: 'Applied',
  no_match: 'Did not match',
  skipped: 'Nothing to do',
  partly_failed: 'Partly failed',
  failed: 'Failed',
  running: 'Running',
}

export const outcomeTones: Record<Outcome, Tone> = {
  applied: 'success',
  no_match: 'neutral',
  skipped: 'neutral',
  partly_failed: 'danger',
  failed: 'danger',
  running: 'info',
}

export const failedOutcome = (outcome: Outcome) =>
  outcome === 'failed' || outcome === 'partly_failed'

/** Of the finished runs, the share with a failed step (what pauses a rule past half over 20). */
export function failureRate(runs: readonly Pick<RuleRun, 'outcome'>[]): number | null {
  const finished = runs.filter((run) => run.outcome !== 'running')
  if (finished.length === 0) return null
  return finished.filter((run) => failedOutcome(run.outcome)).length / finished.length
}
