import { type AutoAcceptSettings, wilson } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'

/** Decisions at or above the threshold that auto-accept needs before it is offered. */
export const leastDecisions = 200
/** Audited decisions the pause waits for: fewer say too little to stop the machine on. */
export const leastAudited = 30

/** 0.961 as "96.1%", 0.95 as "95%". */
export const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`
/** A lower bound, rounded down so that one just short of a target never reads as meeting it. */
export const lowerPercent = (share: number) => percent(Math.floor(share * 1000) / 1000)

/** Accepted out of decided, among `sources`' seen, standing decisions at or above `threshold`. */
async function tally(
  db: ReviewDb,
  sources: ReadonlyArray<'person' | 'audit'>,
  threshold: number,
  sinceMs = 0,
) {
  const row = await db
    .selectFrom('review_decisions')
    .select((eb) => [
      eb.fn.countAll<number>().as('decisions'),
      eb.fn
        .sum<number | null>(eb.case().when('decision', '=', 'accepted').then(1).else(0).end())
        .as('accepted'),
    ])
    .where('source', 'in', sources)
    .where('seen', '=', 1)
    .where('undone_at', 'is', null)
    .where('score', '>=', threshold)
    .where('decided_ms', '>=', sinceMs)
    .executeTakeFirst()
  return { decisions: Number(row?.decisions ?? 0), accepted: Number(row?.accepted ?? 0) }
}

/**
 * Whether the team's own judgement supports auto-accept at `threshold`: the Wilson lower bound of
 * the share it accepted at or above it, over person and audit decisions (seen, not undone), meets
 * `target` on at least 200 of them.
 */
export async function eligibilityAt(
  db: ReviewDb,
  threshold: number,
  target: number,
): Promise<AutoAcceptSettings['eligibility']> {
  const { decisions, accepted } = await tally(db, ['person', 'audit'], threshold)
  const lower = wilson(accepted, decisions)?.low ?? null
  const at = `At ${threshold} and above`
  if (decisions < leastDecisions)
    return {
      eligible: false,
      decisions,
      accepted,
      lower_bound: lower,
      reason: `${at} the team has made ${decisions} ${decisions === 1 ? 'decision' : 'decisions'}; auto-accept needs at least ${leastDecisions} there to measure its precision.`,
    }
  if (lower === null || lower < target)
    return {
      eligible: false,
      decisions,
      accepted,
      lower_bound: lower,
      reason: `${at} the team accepted ${percent(accepted / decisions)} (lower bound ${lowerPercent(lower ?? 0)}) of ${decisions} decisions, short of the target of ${percent(target)}: choose a higher threshold or a lower target.`,
    }
  return { eligible: true, decisions, accepted, lower_bound: lower, reason: null }
}

/**
 * The blind audit since auto-accept was last turned on: people's decisions, on videos the machine
 * could have settled, about suggestions it would have accepted.
 */
export async function auditFigures(
  db: ReviewDb,
  threshold: number,
  sinceMs: number,
): Promise<AutoAcceptSettings['audit']> {
  const { decisions, accepted } = await tally(db, ['audit'], threshold, sinceMs)
  return { decisions, accepted, lower_bound: wilson(accepted, decisions)?.low ?? null }
}
