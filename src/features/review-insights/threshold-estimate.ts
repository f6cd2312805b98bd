import { type Calibration, wilson } from '@/api/review'

/** What a threshold and a floor would have done to the decisions the calibration counts. */
export interface ThresholdEstimate {
  /** Decisions at or above the threshold, and how many of them the team accepted. */
  above: { decisions: number; accepted: number }
  /** The Wilson 95% lower bound of the accepted share at or above the threshold. */
  precision: number | null
  /** Decisions below the floor (rejected unseen), and how many the team accepted there. */
  below: { decisions: number; accepted: number }
  /** Decisions the machine would have settled: at or above the threshold, or below the floor. */
  settled: number
  settledShare: number | null
  /** The reviewer minutes those decisions took at the team's median pace. */
  minutesSaved: number | null
}

/**
 * The threshold picker's arithmetic: suggestions at or above `threshold` would be accepted and
 * those below `floor` rejected, each without a person.
 */
export function estimateAt(
  calibration: Pick<Calibration, 'scores' | 'decisions' | 'pace'>,
  threshold: number,
  floor: number,
): ThresholdEstimate {
  const above = { decisions: 0, accepted: 0 }
  const below = { decisions: 0, accepted: 0 }
  for (const { score, decisions, accepted } of calibration.scores) {
    const side = score >= threshold ? above : score < floor ? below : null
    if (!side) continue
    side.decisions += decisions
    side.accepted += accepted
  }
  const settled = above.decisions + below.decisions
  const seconds = calibration.pace.median_seconds
  return {
    above,
    precision: wilson(above.accepted, above.decisions)?.low ?? null,
    below,
    settled,
    settledShare: calibration.decisions > 0 ? settled / calibration.decisions : null,
    minutesSaved: seconds === null ? null : (settled * seconds) / 60,
  }
}
