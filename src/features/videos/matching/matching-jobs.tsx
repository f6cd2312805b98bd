import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { videoMatchesQuery } from '@/api/queries/matches'
import { Button, buttonClasses } from '@/components/ui/button'

const jobPollMs = 3_000

// The jobs a library selection started, followed until each completes or fails (their match
// lists are re-read every few seconds while any is in progress).
export function MatchingJobs({
  videoIds,
  onDismiss,
}: {
  videoIds: string[]
  onDismiss: () => void
}) {
  const lists = useQueries({
    queries: videoIds.map((id) => ({
      ...videoMatchesQuery(id),
      refetchInterval: (query: { state: { data?: { status: string } } }) =>
        query.state.data?.status === 'in_progress' ? jobPollMs : false,
    })),
  })
  const count = (status: string) => lists.filter((list) => list.data?.status === status).length
  const waiting = lists.reduce(
    (sum, list) => sum + (list.data?.matches.filter((m) => m.status === 'pending').length ?? 0),
    0,
  )
  const running = count('in_progress') + lists.filter((list) => list.isPending).length
  return (
    <section
      aria-label="AI matching jobs"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm"
    >
      <p role="status" className="flex-1">
        AI matching on {videoIds.length} {videoIds.length === 1 ? 'video' : 'videos'}: {running} in
        progress, {count('completed')} completed, {count('failed')} failed.
        {waiting > 0 ? ` ${waiting} suggestions wait for review.` : ''}
      </p>
      {waiting > 0 ? (
        <Link to="/matches" className={buttonClasses('secondary', 'sm')}>
          Review in AI matches
        </Link>
      ) : null}
      <Button size="sm" variant="quiet" className="underline" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  )
}
