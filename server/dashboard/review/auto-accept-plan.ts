import type { ProductMatch, ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { ReviewDecision } from '../../../src/api/review.ts'

/** The share of the videos the machine could settle that people decide instead, blind. */
export const auditShare = 0.05

export interface PlanSettings {
  /** On and not paused. */
  active: boolean
  threshold: number
  floor: number
  /** When it was last turned on (ms): a job done before then is not the machine's to settle. */
  since: number
}

/** What auto-accept does with a video's match list once a job is done. */
export type AutoAcceptPlan =
  /** No new output to act on (a list read again, a job still running or failed). */
  | { kind: 'none' }
  /** New suggestions wait for a person; the sure ones pre-marked when auto-accept is on. */
  | { kind: 'wait'; premarks: Record<string, ReviewDecision> | null }
  /** The machine could settle it, but the blind audit gives it to people, unmarked. */
  | { kind: 'audit' }
  /**
   * Settled: `accept` (at or above the threshold) through the service's accept, with `keep` (the
   * products already accepted, which the accept's replacement rule would otherwise reject);
   * `reject` (below the floor) recorded as rejected. Without anything to accept it is dismissed.
   */
  | { kind: 'settle'; accept: ProductMatch[]; reject: ProductMatch[]; keep: string[] }

const newest = (matches: readonly ProductMatch[]) =>
  matches.reduce((latest, match) => Math.max(latest, Date.parse(match.updated_at) || 0), 0)

/** The newest change among a list's matches (service time), to remember what was handled. */
export const handledThrough = (list: ProductMatchList) => {
  const latest = newest(list.matches)
  return latest > 0 ? new Date(latest).toISOString() : null
}

/**
 * The plan for `list`, given what was handled before (`handled`: the newest match change already
 * acted on, or null for a video never read). A job's output is new when a pending suggestion
 * changed after that; for a video never read, only a job done since auto-accept was turned on
 * counts, so turning it on does not sweep the backlog people were already reviewing.
 */
export function planFor(
  list: ProductMatchList,
  handled: string | null,
  settings: PlanSettings,
  draw: () => number,
): AutoAcceptPlan {
  if (list.status !== 'completed') return { kind: 'none' }
  const pending = list.matches.filter((match) => match.status === 'pending')
  const latest = newest(pending)
  const fresh =
    pending.length > 0 &&
    (handled === null ? latest >= settings.since : latest > Date.parse(handled))
  if (!fresh) return { kind: 'none' }
  if (!settings.active) return { kind: 'wait', premarks: null }
  const accept = pending.filter((match) => match.matching_score >= settings.threshold)
  const reject = pending.filter((match) => match.matching_score < settings.floor)
  if (accept.length + reject.length < pending.length) {
    const premarks: Record<string, ReviewDecision> = {}
    for (const match of accept) premarks[match.id] = 'accepted'
    for (const match of reject) premarks[match.id] = 'rejected'
    return { kind: 'wait', premarks }
  }
  if (draw() < auditShare) return { kind: 'audit' }
  const keep = list.matches
    .filter((match) => match.status === 'accepted')
    .map((match) => match.product.id)
  return { kind: 'settle', accept, reject, keep }
}
