import type { Reviewers } from '@/api/review'
import { EmptyState } from '@/components/ui/empty-state'
import { Cell, HeaderCell, Row, Table } from '@/components/ui/table'
import { formatCount } from '@/lib/format'
import { formatShare } from './insights-format'

const columns = [
  { label: 'Reviewer' },
  { label: 'Decisions', className: 'text-right' },
  { label: 'Per minute', className: 'text-right' },
  { label: 'Median seconds', className: 'text-right' },
  { label: 'Undo rate', className: 'text-right' },
]

/** How the pace is measured, said on the page (the figure means nothing without it). */
export const perMinuteDefinition =
  'Decisions per minute divides a person’s decisions by their active minutes: the time between each decision and their one before, each gap counted up to 2 minutes (a longer pause is a break). Decisions sent together share one gap. Median seconds is the middle time from a suggestion being shown to its decision, over their latest 1,000.'

/** Each person's decisions, pace and undo rate (reviews, blind audits and second reviews they saw). */
export function ReviewersTable({ reviewers }: { reviewers: Reviewers['reviewers'] }) {
  if (reviewers.length === 0)
    return (
      <EmptyState title="No reviews in this period" headingLevel={3}>
        The figures appear once people decide AI suggestions in AI matches.
      </EmptyState>
    )
  return (
    <Table caption="Each reviewer’s decisions, pace and undo rate" columns={columns}>
      {reviewers.map((reviewer) => (
        <Row key={reviewer.account_id}>
          <HeaderCell scope="row" className="font-medium break-all">
            {reviewer.email}
          </HeaderCell>
          <Cell className="text-right tabular-nums">{formatCount(reviewer.decisions)}</Cell>
          <Cell className="text-right tabular-nums">
            {reviewer.per_minute === null ? '–' : reviewer.per_minute.toFixed(1)}
          </Cell>
          <Cell className="text-right tabular-nums">
            {reviewer.median_seconds === null ? '–' : reviewer.median_seconds.toFixed(1)}
          </Cell>
          <Cell className="text-right tabular-nums">{formatShare(reviewer.undo_rate)}</Cell>
        </Row>
      ))}
    </Table>
  )
}
