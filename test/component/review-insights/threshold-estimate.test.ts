/** The threshold picker's arithmetic, on counts whose answers are worked out by hand. */
import { expect, it } from 'vitest'
import { estimateAt } from '@/features/review-insights/threshold-estimate'

// 1,000 decisions: 200 at 90 (190 accepted), 100 at 80 (95), 500 at 50 (250), 200 at 5 (4).
const calibration = {
  decisions: 1_000,
  scores: [
    { score: 5, decisions: 200, accepted: 4 },
    { score: 50, decisions: 500, accepted: 250 },
    { score: 80, decisions: 100, accepted: 95 },
    { score: 90, decisions: 200, accepted: 190 },
  ],
  pace: { median_seconds: 3 },
}

it('gives the Wilson lower bound of what the team accepted at or above the threshold', () => {
  // 190 of 200 at 90: p = 0.95, lower bound 0.91042 (Wilson, z = 1.96).
  expect(estimateAt(calibration, 90, 0).precision).toBeCloseTo(0.910421, 5)
  // A score at the threshold counts: 285 of 300 at 80 and above, lower bound 0.91915.
  const at80 = estimateAt(calibration, 80, 0)
  expect(at80.above).toEqual({ decisions: 300, accepted: 285 })
  expect(at80.precision).toBeCloseTo(0.919152, 5)
  expect(estimateAt(calibration, 95, 0).precision).toBeNull()
})

it('counts as settled what is at or above the threshold or below the floor, not at the floor', () => {
  const estimate = estimateAt(calibration, 80, 10)
  expect(estimate.below).toEqual({ decisions: 200, accepted: 4 })
  expect(estimate.settled).toBe(500)
  expect(estimate.settledShare).toBe(0.5)
  expect(estimateAt(calibration, 80, 5).below.decisions).toBe(0)
  expect(estimateAt(calibration, 101, 0).settledShare).toBe(0)
})

it('saves the settled decisions’ minutes at the team’s median pace', () => {
  // 500 decisions at 3 s each: 25 minutes.
  expect(estimateAt(calibration, 80, 10).minutesSaved).toBe(25)
  expect(
    estimateAt({ ...calibration, pace: { median_seconds: null } }, 80, 10).minutesSaved,
  ).toBeNull()
  expect(estimateAt({ decisions: 0, scores: [], pace: { median_seconds: 2 } }, 80, 10)).toEqual({
    above: { decisions: 0, accepted: 0 },
    precision: null,
    below: { decisions: 0, accepted: 0 },
    settled: 0,
    settledShare: null,
    minutesSaved: 0,
  })
})
