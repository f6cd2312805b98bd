import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { reviewersQuery } from '@/api/queries/review'
import { meQuery } from '@/api/queries/session'
import type { Reviewers } from '@/api/review'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { Panel } from '@/components/ui/panel'
import { formatCount } from '@/lib/format'
import { DisagreementItem } from './disagreement-item'
import { formatShare, kappaWords } from './insights-format'
import type { PeriodSearch } from './insights-search'
import { perMinuteDefinition, ReviewersTable } from './reviewers-table'
import { PeriodFields } from './slice-bar'

const shownAtOnce = 10

/**
 * The reviewer page (issue 36): each person's pace and undo rate, how far two people agree on the
 * double-reviewed sample, and the videos they disagree on, which an admin settles.
 */
export function ReviewersScreen({ period }: { period: PeriodSearch }) {
  const { data: me } = useSuspenseQuery(meQuery())
  const { data } = useSuspenseQuery(reviewersQuery({ from: period.from, to: period.to }))
  const navigate = useNavigate({ from: '/review/reviewers' })
  const [draft, setDraft] = useState(period)
  return (
    <div className="space-y-4">
      <PageHeader
        title="Reviewers"
        description={
          <p>
            How the team reviews AI suggestions, from its decisions in the dashboard.{' '}
            <Link to="/review/calibration" className={linkClasses}>
              Calibration by score
            </Link>
          </p>
        }
      />
      <form
        aria-label="Choose the period"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          navigate({ search: draft, replace: true })
        }}
      >
        <PeriodFields idPrefix="reviewers" draft={draft} onChange={setDraft} />
        <Button type="submit">Apply</Button>
      </form>
      <Panel title="Pace and undo rate">
        <ReviewersTable reviewers={data.reviewers} />
        <p className="text-sm text-slate-700">{perMinuteDefinition}</p>
      </Panel>
      <Agreement agreement={data.agreement} />
      <Disagreements disagreements={data.disagreements} canSettle={me.role === 'admin'} />
    </div>
  )
}

function Agreement({ agreement }: { agreement: Reviewers['agreement'] }) {
  return (
    <Panel title="Agreement between reviewers">
      <p className="text-sm text-slate-700">
        About one reviewed video in twenty is reviewed again by someone else, who is not told. Each
        suggestion both decided is a pair.
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-900">Pairs</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatCount(agreement.pairs)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Agreement</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {formatShare(agreement.percent === null ? null : agreement.percent / 100)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Cohen’s κ</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {agreement.kappa === null ? '–' : agreement.kappa.toFixed(2)}
          </dd>
          <dd className="text-slate-700">{kappaWords(agreement.kappa)}</dd>
        </div>
      </dl>
    </Panel>
  )
}

function Disagreements({
  disagreements,
  canSettle,
}: {
  disagreements: Reviewers['disagreements']
  canSettle: boolean
}) {
  const [shown, setShown] = useState(shownAtOnce)
  return (
    <Panel title="Disagreements">
      {disagreements.length === 0 ? (
        <EmptyState title="No disagreements to settle" headingLevel={3}>
          Videos whose two reviews differ appear here until an admin settles them.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {canSettle
              ? 'Choose the products each video shows and settle it: the choice is sent to the service, and the first review’s decisions give way to it.'
              : 'Admins settle these; the list is for reading.'}
          </p>
          <ul className="space-y-3">
            {disagreements.slice(0, shown).map((item) => (
              <DisagreementItem key={item.video_id} item={item} canSettle={canSettle} />
            ))}
          </ul>
          {shown < disagreements.length ? (
            <LoadMoreButton loading={false} onLoadMore={() => setShown(shown + shownAtOnce)}>
              Show more disagreements
            </LoadMoreButton>
          ) : null}
        </>
      )}
    </Panel>
  )
}
