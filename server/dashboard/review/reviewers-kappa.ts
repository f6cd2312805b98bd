import type { ReviewDecision } from '../../../src/api/review.ts'

/** One suggestion decided by two people. */
export interface DecisionPair {
  first: ReviewDecision
  second: ReviewDecision
}

/**
 * Percent agreement (0 to 100) and Cohen's κ of two raters who accept or reject: κ is agreement beyond what
 * each rater's own rate of accepting would give by chance. Null when there is nothing to compare,
 * or when chance alone agrees every time (both always gave the same one answer).
 */
export function agreementOf(pairs: readonly DecisionPair[]) {
  const n = pairs.length
  if (n === 0) return { pairs: 0, percent: null, kappa: null }
  let agreed = 0
  let firstAccepts = 0
  let secondAccepts = 0
  for (const pair of pairs) {
    if (pair.first === pair.second) agreed++
    if (pair.first === 'accepted') firstAccepts++
    if (pair.second === 'accepted') secondAccepts++
  }
  const observed = agreed / n
  const chance =
    (firstAccepts / n) * (secondAccepts / n) + (1 - firstAccepts / n) * (1 - secondAccepts / n)
  return {
    pairs: n,
    percent: observed * 100,
    kappa: chance >= 1 ? null : (observed - chance) / (1 - chance),
  }
}
