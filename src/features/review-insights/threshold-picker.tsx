import type { Calibration } from '@/api/review'
import { formatCount } from '@/lib/format'
import { decisionCount, formatShare, minutesWords, periodWords } from './insights-format'
import { ScoreField } from './score-field'
import { estimateAt } from './threshold-estimate'

/** Why a floor cannot stand with the threshold, or nothing. */
export const floorError = (threshold: number, floor: number) =>
  floor > threshold ? `The floor must be at or below the threshold (${threshold})` : undefined

/**
 * Choose a threshold and a floor; see what they would have done to the decisions counted: the
 * precision above the threshold as a lower bound, the share settled without a person, and the
 * reviewer time that would have saved.
 */
export function ThresholdPicker({
  calibration,
  threshold,
  floor,
  onThreshold,
  onFloor,
}: {
  calibration: Calibration
  threshold: number
  floor: number
  onThreshold: (value: number) => void
  onFloor: (value: number) => void
}) {
  const invalidFloor = floorError(threshold, floor)
  const estimate = estimateAt(calibration, threshold, floor)
  const period = periodWords(calibration.period)
  const seconds = calibration.pace.median_seconds
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ScoreField
          id="picker-threshold"
          label="Threshold"
          hint="Suggestions at or above it would be accepted without a person."
          value={threshold}
          onChange={onThreshold}
        />
        <ScoreField
          id="picker-floor"
          label="Floor"
          hint="Suggestions below it would be rejected unseen."
          value={floor}
          error={invalidFloor}
          onChange={onFloor}
        />
      </div>
      <dl aria-live="polite" className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-900">
            Estimated precision at {threshold} and above
          </dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
            {estimate.precision === null ? '–' : `at least ${formatShare(estimate.precision)}`}
          </dd>
          <dd className="text-slate-700">
            {estimate.above.decisions === 0
              ? 'No decisions at these scores yet.'
              : `The team accepted ${formatShare(estimate.above.accepted / estimate.above.decisions)} of ${decisionCount(estimate.above.decisions)}; 95% sure it is at least this.`}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Settled without a person</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
            {formatShare(invalidFloor ? null : estimate.settledShare)}
          </dd>
          <dd className="text-slate-700">
            {invalidFloor
              ? 'Set the floor at or below the threshold.'
              : `${formatCount(estimate.above.decisions)} at or above ${threshold}, ${formatCount(estimate.below.decisions)} below ${floor}, of ${decisionCount(calibration.decisions)}.`}
            {!invalidFloor && estimate.below.decisions > 0
              ? ` Below the floor the team accepted ${formatShare(estimate.below.accepted / estimate.below.decisions)}: those would be lost.`
              : null}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Reviewer time saved</dt>
          <dd className="text-2xl font-semibold text-slate-900">
            {invalidFloor || estimate.minutesSaved === null
              ? '–'
              : minutesWords(estimate.minutesSaved)}
          </dd>
          <dd className="text-slate-700">
            {seconds === null
              ? 'The team’s pace is not measured yet.'
              : `At the team’s median of ${seconds.toFixed(1)} s a decision, over ${period ?? 'these decisions'}.`}
          </dd>
        </div>
      </dl>
    </div>
  )
}
