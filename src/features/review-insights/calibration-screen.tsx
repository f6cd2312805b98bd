import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { calibrationQuery } from '@/api/queries/review'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Panel } from '@/components/ui/panel'
import { AutoAcceptPanel } from './auto-accept-panel'
import { CalibrationTable } from './calibration-table'
import { decisionCount, periodWords } from './insights-format'
import type { CalibrationSearch } from './insights-search'
import { ReliabilityChart } from './reliability-chart'
import { type Slice, SliceBar } from './slice-bar'
import { floorError, ThresholdPicker } from './threshold-picker'

/** Where the picker starts before anyone moves it. */
export const defaultThreshold = 80
export const defaultFloor = 10

/**
 * Calibration (issue 36): how often the team accepts a suggestion at each score, how sure that
 * is, and what a threshold and a floor would hand to the machine. Everyone reads it; admins turn
 * auto-accept on beside the picker (the panel says so to everyone else).
 */
export function CalibrationScreen({ search }: { search: CalibrationSearch }) {
  const { data: calibration } = useSuspenseQuery(
    calibrationQuery({
      store_id: search.store,
      category: search.category,
      from: search.from,
      to: search.to,
    }),
  )
  const navigate = useNavigate({ from: '/review/calibration' })
  const change = (next: Partial<CalibrationSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })
  const threshold = search.threshold ?? defaultThreshold
  const floor = search.floor ?? defaultFloor
  const period = periodWords(calibration.period)
  return (
    <div className="space-y-4">
      <PageHeader
        title="Calibration"
        description={
          <>
            <p>
              How often the team accepts an AI suggestion at each score, from its own decisions
              (reviews and blind audits the reviewer saw, not undone; nothing decided automatically
              or outside the dashboard).
            </p>
            <p>
              {calibration.decisions === 0
                ? 'No decisions in this slice.'
                : `${decisionCount(calibration.decisions)}${period ? `, ${period}` : ''}.`}{' '}
              <Link to="/review/reviewers" className={linkClasses}>
                Reviewers and their agreement
              </Link>
            </p>
          </>
        }
      />
      <SliceBar
        slice={search}
        slices={calibration.slices}
        onChange={(slice: Slice) => change(slice)}
      />
      {calibration.decisions === 0 ? (
        <EmptyState title="No decisions to measure yet">
          Calibration counts people’s decisions on AI suggestions. Review some in AI matches, or
          widen the slice.
        </EmptyState>
      ) : (
        <Panel title="Accepted share by score">
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ReliabilityChart bands={calibration.bands} />
            <CalibrationTable calibration={calibration} />
          </div>
        </Panel>
      )}
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <Panel title="Threshold picker">
          <ThresholdPicker
            calibration={calibration}
            threshold={threshold}
            floor={floor}
            onThreshold={(value) => change({ threshold: value })}
            onFloor={(value) => change({ floor: value })}
          />
        </Panel>
        {/* Everyone reads auto-accept's state at the picked threshold; only admins change it. */}
        <AutoAcceptPanel
          threshold={threshold}
          floor={floorError(threshold, floor) ? null : floor}
        />
      </div>
    </div>
  )
}
