import type { ProductMatch } from '@/api/generated/types.gen'
import type { DecisionsSubmit } from '@/api/review'
import { type Decisions, decisionOf, type Premarks } from './review-model'

const longest = 3_600_000

/**
 * How long each decision took and what the reviewer saw, measured in this browser
 * (`performance.now`): from a suggestion becoming the one in front of the reviewer (or, never
 * having been, from the video being shown) to its decision.
 */
export class DecisionClock {
  private readonly shownAt: number
  private readonly activeSince = new Map<string, number>()
  private readonly taken = new Map<string, number>()
  private readonly seen = new Set<string>()

  constructor(now = performance.now()) {
    this.shownAt = now
  }

  activate(matchId: string, now = performance.now()) {
    this.activeSince.set(matchId, now)
    this.seen.add(matchId)
  }

  /** Records a decision; gives the time it replaces, for an undo to put back. */
  decide(matchId: string, now = performance.now()) {
    const before = this.taken.get(matchId)
    const since = this.activeSince.get(matchId) ?? this.shownAt
    this.taken.set(matchId, Math.min(longest, Math.max(0, Math.round(now - since))))
    this.seen.add(matchId)
    return before
  }

  /** An undo: the decision's time is the one before it, or none. */
  restore(matchId: string, before: number | undefined) {
    if (before === undefined) this.taken.delete(matchId)
    else this.taken.set(matchId, before)
  }

  msTaken = (matchId: string) => this.taken.get(matchId) ?? null
  wasSeen = (matchId: string) => this.seen.has(matchId)
}

/**
 * The submit's body: every suggestion's decision (an undecided or hidden one is rejected, as the
 * service's accept does), its time where this visit measured it, and whether the reviewer saw it:
 * they decided it, or, shown, it was in front of them or pre-marked and they submitted the mark.
 * Left hidden below the floor, it was not seen.
 */
export function submission(
  matches: readonly ProductMatch[],
  decisions: Decisions,
  premarks: Premarks,
  hidden: ReadonlySet<string>,
  clock: DecisionClock,
): DecisionsSubmit['decisions'] {
  return matches.map((match) => {
    const own = decisions[match.id] !== undefined
    const shown = !hidden.has(match.id)
    return {
      match_id: match.id,
      decision: decisionOf(match, decisions, premarks) ?? 'rejected',
      ms_taken: own ? clock.msTaken(match.id) : null,
      seen: own || (shown && (match.id in premarks || clock.wasSeen(match.id))),
    }
  })
}

/**
 * What a retry sends: the failed submission as it was (its times taken, its seen flags), unless
 * the reviewer has changed a decision since (the screen was left and came back: its clock began
 * again, so the times are those it has).
 */
export function retryOf(
  failed: DecisionsSubmit['decisions'] | null,
  now: DecisionsSubmit['decisions'],
): DecisionsSubmit['decisions'] {
  const same =
    failed?.length === now.length &&
    failed.every(
      (each, at) => each.match_id === now[at]?.match_id && each.decision === now[at]?.decision,
    )
  return same && failed ? failed : now
}
