import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { dashboardApi } from '@/api/dashboard-api'
import type { IndexStatus } from '@/api/merch-index'
import { indexStatusQuery } from '@/api/queries/merch-index'
import { indexKeys } from '@/api/queries/merch-index-keys'
import { meQuery } from '@/api/queries/session'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { InlineError } from '@/components/ui/inline-error'
import { formatCount, formatDateTime } from '@/lib/format'

type Pass = NonNullable<IndexStatus['last_pass']>

const passWords = (pass: Pass) =>
  `${formatCount(pass.videos)} videos and ${formatCount(pass.products)} products read in ${formatCount(pass.requests)} requests`

/**
 * For admins: the index's passes over the service, the one running now with its progress (read
 * again every two seconds while it runs), and a way to start one at once.
 */
export function IndexProgress() {
  const { data: me } = useSuspenseQuery(meQuery())
  const queryClient = useQueryClient()
  const status = useQuery({
    ...indexStatusQuery(),
    refetchInterval: (query) => (query.state.data?.running ? 2_000 : false),
  })
  const start = useMutation({
    mutationFn: () => dashboardApi('/api/dashboard/index/reconcile', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: indexKeys.status() }),
  })
  if (me.role !== 'admin' || !status.data) return null
  const { running, last_pass: last } = status.data
  return (
    <section aria-labelledby="index-progress" className="space-y-1 text-sm text-slate-700">
      <h2 id="index-progress" className="font-semibold text-slate-900">
        The index's passes over the service
      </h2>
      <p role="status">
        {running
          ? `A ${running.kind} is running since ${formatDateTime(running.started_at)}: ${passWords(running)} so far.`
          : last
            ? `The last ${last.kind} began ${formatDateTime(last.started_at)}: ${passWords(last)}, ${formatCount(last.corrected)} checked one by one.`
            : 'No pass has completed yet.'}
      </p>
      <Button size="sm" busy={start.isPending} busyLabel="Starting…" onClick={() => start.mutate()}>
        Check against the service now
      </Button>
      {start.isError ? (
        <InlineError>The check did not start: {describeError(start.error).detail}</InlineError>
      ) : null}
    </section>
  )
}
