import type { IndexStatus } from '@/api/merch-index'
import { formatDateTime } from '@/lib/format'

/**
 * How fresh an answer from the dashboard's index is: when a full read of the service last
 * confirmed it, and how many changes heard since are still being confirmed. Every answer the
 * index gives says this beside it, and links each video to its live record.
 */
export function IndexFreshness({ status }: { status: IndexStatus }) {
  if (status.state !== 'ready') {
    return (
      <p className="text-sm text-slate-700">
        The dashboard is still reading the service ({status.running?.videos ?? 0} videos so far):
        this list may be incomplete.
      </p>
    )
  }
  const pending = status.unconfirmed
  return (
    <p className="text-xs text-slate-700">
      From the dashboard's index: checked against the service{' '}
      {status.confirmed_at ? formatDateTime(status.confirmed_at) : 'recently'}, and kept current by
      the service's notifications since.
      {pending > 0
        ? ` ${pending} recent ${pending === 1 ? 'change is' : 'changes are'} still being confirmed.`
        : ''}
    </p>
  )
}
