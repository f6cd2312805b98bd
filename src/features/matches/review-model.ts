import type { ProductMatch } from '@/api/generated/types.gen'
import type { ReviewDecision } from '@/api/review'

export type Decision = ReviewDecision
/** The reviewer's decisions on one video's suggestions, by match id. */
export type Decisions = Readonly<Record<string, Decision>>
/** What auto-accept would decide for the sure suggestions, by match id (the queue's `premarks`). */
export type Premarks = Readonly<Record<string, Decision>>

/**
 * A suggestion's decision: the reviewer's, else its pre-mark while it waits, else what the
 * service already holds (a video reopened).
 */
export const decisionOf = (
  match: ProductMatch,
  decisions: Decisions,
  premarks: Premarks = {},
): Decision | null =>
  decisions[match.id] ?? (match.status === 'pending' ? (premarks[match.id] ?? null) : match.status)

/** Whether the decision shown is a pre-mark the reviewer has not made their own yet. */
export const isPremarked = (match: ProductMatch, decisions: Decisions, premarks: Premarks) =>
  decisions[match.id] === undefined && match.status === 'pending' && match.id in premarks

/** A waiting suggestion under the team's floor: hidden unless the reviewer asks for it. */
export const isBelowFloor = (match: ProductMatch, floor: number | null) =>
  floor !== null && match.status === 'pending' && match.matching_score < floor

export interface SubmitPlan {
  accepted: ProductMatch[]
  rejected: ProductMatch[]
  /** Suggestions shown that nobody decided: a submit rejects them too. */
  undecided: ProductMatch[]
  /** Suggestions below the floor left hidden: a submit rejects them, unseen. */
  hidden: ProductMatch[]
}

// The service's accept replaces: the listed products become accepted and every other current
// match rejected (document 1, 4.12), so the plan lists exactly that.
export function submitPlan(
  matches: readonly ProductMatch[],
  decisions: Decisions,
  premarks: Premarks = {},
  hidden: ReadonlySet<string> = new Set(),
): SubmitPlan {
  const plan: SubmitPlan = { accepted: [], rejected: [], undecided: [], hidden: [] }
  for (const match of matches) {
    const decision = decisionOf(match, decisions, premarks)
    if (decision === 'accepted') plan.accepted.push(match)
    else if (hidden.has(match.id)) plan.hidden.push(match)
    else if (decision === 'rejected') plan.rejected.push(match)
    else plan.undecided.push(match)
  }
  return plan
}

/** Highest score first, as the reviewer works through them. */
export const byScore = (matches: readonly ProductMatch[]) =>
  [...matches].sort((a, b) => b.matching_score - a.matching_score)

/** The next suggestion to look at after deciding `index`: the next undecided one, else the next. */
export function nextIndex(
  matches: readonly ProductMatch[],
  decisions: Decisions,
  index: number,
  premarks: Premarks = {},
) {
  for (let step = 1; step < matches.length; step++) {
    const candidate = (index + step) % matches.length
    const match = matches[candidate]
    if (match && decisionOf(match, decisions, premarks) === null) return candidate
  }
  return Math.min(index + 1, matches.length - 1)
}
