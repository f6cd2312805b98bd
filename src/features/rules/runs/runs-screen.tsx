import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { runsCsvPath, runsQuery } from '@/api/queries/rules'
import { buttonClasses } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { runFilterOf } from '../load-rules'
import type { RunsSearch } from '../rules-search'
import { RunEntry } from './run-entry'
import { RunFilters } from './run-filters'

// Every run of the rules, newest first, filtered by rule, video and outcome (in the URL): each
// opens to its trace (the event, each condition with its value and result, each call with its
// answer). Failed runs say so; editors retry their failed steps. The filtered runs export as CSV.
export function RunsScreen({ search }: { search: RunsSearch }) {
  const filter = runFilterOf(search)
  const runs = useSuspenseInfiniteQuery(runsQuery(filter))
  const navigate = useNavigate({ from: '/rules/runs' })
  const all = runs.data.pages.flatMap((page) => page.runs)
  const toggle = (runId: string) =>
    navigate({
      search: (previous) => ({ ...previous, run: previous.run === runId ? undefined : runId }),
      replace: true,
    })
  const filtered = Boolean(search.rule || search.video || search.outcome)
  return (
    <UnavailableGroup reasonsFirst>
      <div className="space-y-4">
        <PageHeader
          title="Runs and traces"
          back={
            <Link to="/rules" className={`${linkClasses} text-sm`}>
              ← Rules
            </Link>
          }
          actions={
            <a className={buttonClasses('secondary')} href={runsCsvPath(filter)} download>
              Export CSV
            </a>
          }
          description={
            <p>
              What each rule did and why, kept 90 days. Open a run to see the event that started it,
              each condition with the value it found, and each call to the service with its answer.
            </p>
          }
        />
        <RunFilters search={search} />
        {all.length === 0 ? (
          <EmptyState title={filtered ? 'No run matches these filters' : 'No runs yet'}>
            {filtered
              ? 'Another rule, outcome or video may have some.'
              : 'A rule runs when a video it watches for is created or changed, on its schedule, or when it is applied.'}
          </EmptyState>
        ) : (
          <ol aria-label="Runs, newest first" className="space-y-2">
            {all.map((run) => (
              <li key={run.id}>
                <RunEntry run={run} open={search.run === run.id} onToggle={() => toggle(run.id)} />
              </li>
            ))}
          </ol>
        )}
        {runs.hasNextPage ? (
          <LoadMoreButton loading={runs.isFetchingNextPage} onLoadMore={() => runs.fetchNextPage()}>
            Show older runs
          </LoadMoreButton>
        ) : null}
      </div>
    </UnavailableGroup>
  )
}
