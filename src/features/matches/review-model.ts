import type { ProductMatch } from '@/api/generated/types.gen'

export type Decision = 'accepted' | 'rejected'
/** The reviewer's decisions on one video's suggestions, by match id. */
export type Decisions = Readonly<Record<string, Decision>>

/** A suggestion's decision: the reviewer's, else what the service already holds (reopened). */
export const decisionOf = (match: ProductMatch, decisions: Decisions): Decision | null =>
  decisions[match.id] ?? (match.status === 'pending' ? null : match.status)

export interface SubmitPlan {
  accepted: ProductMatch[]
  rejected: ProductMatch[]
  /** Suggestions nobody decided: a submit rejects them too. */
  undecided: ProductMatch[]
}

// The service's accept replaces: the listed products become accepted and every other current
// match rejected (document 1, 4.12), so the plan lists exactly that.
export function submitPlan(matches: readonly ProductMatch[], decisions: Decisions): SubmitPlan {
  const plan: SubmitPlan = { accepted: [], rejected: [], undecided: [] }
  for (const match of matches) {
    const decision = decisionOf(match, decisions)
    if (decision === 'accepted') plan.accepted.push(match)
    else if (decision === 'rejected') plan.rejected.push(match)
    else plan.undecided.push(match)
  }
  return plan
}

/** Highest score first, as the reviewer works through them. */
export const byScore = (matches: readonly ProductMatch[]) =>
  [...matches].sort((a, b) => b.matching_score - a.matching_score)

/** The next suggestion to look at after deciding `index`: the next undecided one, else the next. */
export function nextIndex(matches: readonly ProductMatch[], decisions: Decisions, index: number) {
  for (let step = 1; step < matches.length; step++) {
    const candidate = (index + step) % matches.length
    const match = matches[candidate]
    if (match && decisionOf(match, decisions) === null) return candidate
  }
  return Math.min(index + 1, matches.length - 1)
}
