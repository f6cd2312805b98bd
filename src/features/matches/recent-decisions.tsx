import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { videoMatchesQuery } from '@/api/queries/matches'
import { recentDecisionsQuery } from '@/api/queries/review'
import { videoQuery } from '@/api/queries/videos'
import type { LedgerEntry } from '@/api/review'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { Skeleton } from '@/components/ui/skeleton'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { usePermission } from '@/lib/permissions'
import { productLabel } from '@/lib/product-facts'
import { videoTitle } from '@/lib/video-facts'
import { useChangeDecision } from './use-change-decision'

// The names the ledger does not keep: each video's suggestions and caption, mostly read already
// while it was reviewed.
function useNames(entries: readonly LedgerEntry[]) {
  const videoIds = [...new Set(entries.map((entry) => entry.video_id))]
  const lists = useQueries({ queries: videoIds.map((id) => videoMatchesQuery(id)) })
  const videos = useQueries({ queries: videoIds.map((id) => videoQuery(id)) })
  const products = new Map<string, string>()
  const captions = new Map<string, string>()
  videoIds.forEach((id, index) => {
    for (const match of lists[index]?.data?.matches ?? [])
      products.set(match.id, productLabel(match.product))
    const video = videos[index]?.data
    if (video) captions.set(id, videoTitle(video))
  })
  return {
    product: (entry: LedgerEntry) => products.get(entry.match_id) ?? `Product ${entry.product_id}`,
    caption: (entry: LedgerEntry) => captions.get(entry.video_id) ?? `Video ${entry.video_id}`,
  }
}

/** One's last ten decisions, each still changeable (accept ↔ reject). */
export function RecentDecisions() {
  const recent = useQuery(recentDecisionsQuery())
  const entries = recent.data ?? []
  const names = useNames(entries)
  const { change, pending, outcome } = useChangeDecision()
  const deciding = usePermission('acceptProductMatches')
  return (
    <section aria-labelledby="recent-decisions" className="space-y-2">
      <h2 id="recent-decisions" className="text-sm font-semibold">
        Your last ten decisions
      </h2>
      {recent.isPending ? (
        <Skeleton className="h-40" />
      ) : recent.isError ? (
        <p className="text-sm text-red-800">
          Your last decisions cannot be read: {describeError(recent.error).detail}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-700">
          No decisions yet. Each one you submit can be changed here until ten newer ones follow.
        </p>
      ) : (
        <UnavailableGroup>
          <ol aria-label="Your last ten decisions" className="space-y-3 text-sm">
            {entries.map((entry) => {
              const name = names.product(entry)
              const other = entry.decision === 'accepted' ? 'rejected' : 'accepted'
              const said = outcome?.id === entry.id ? outcome : null
              return (
                <li key={entry.id} data-decision={entry.decision} className="space-y-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-slate-700">
                    {entry.decision === 'accepted' ? 'Accepted' : 'Rejected'}, score {entry.score},
                    on{' '}
                    <Link
                      to="/videos/$videoId"
                      params={{ videoId: entry.video_id }}
                      className={linkClasses}
                    >
                      {names.caption(entry)}
                    </Link>
                  </p>
                  <Button
                    size="sm"
                    busy={pending?.entry.id === entry.id}
                    busyLabel="Changing…"
                    aria-label={`${other === 'accepted' ? 'Accept' : 'Reject'} instead: ${name}`}
                    unavailableReason={deciding.reason}
                    onClick={() => change({ entry, decision: other, name })}
                  >
                    {other === 'accepted' ? 'Accept instead' : 'Reject instead'}
                  </Button>
                  {said?.failed ? (
                    <p role="alert" className="font-medium text-red-800">
                      {said.said}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ol>
        </UnavailableGroup>
      )}
      <p role="status" className="text-sm text-slate-800">
        {outcome && !outcome.failed ? outcome.said : ''}
      </p>
    </section>
  )
}
