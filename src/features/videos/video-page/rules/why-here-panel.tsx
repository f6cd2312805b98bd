import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Video } from '@/api/generated/types.gen'
import { playlistQuery } from '@/api/queries/playlists'
import { placementQuery, runsQuery } from '@/api/queries/rules'
import type { RuleRun } from '@/api/rules'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { WhyButton } from '@/components/rule-placement/why-button'
import { linkClasses } from '@/components/ui/control-styles'
import { formatDateTime } from '@/lib/format'

/** The runs read for the playlists rules put the video in: the last hundred on it. */
const runsRead = 100

/** The playlists the runs added the video to, newest first, each once. */
function playlistsAddedBy(runs: readonly RuleRun[]): string[] {
  const ids = runs.flatMap((run) =>
    run.steps.flatMap((step) =>
      step.action.type === 'playlist_add' && step.state === 'applied'
        ? [step.action.playlist_id]
        : [],
    ),
  )
  return [...new Set(ids)]
}

// "Why is this here?" for this video: the playlists rules put it in (the playlists it is in by
// hand are the playlists' own business: the service lists no video's playlists), and for each
// product tagged on it, whether a rule tagged it.
export default function WhyHerePanel({ video }: { video: Pick<Video, 'id' | 'product_ids'> }) {
  const runs = useInfiniteQuery(runsQuery({ video_id: video.id }, runsRead))
  const playlists = playlistsAddedBy(runs.data?.pages[0]?.runs ?? [])
  const labels = useStoreTagLabels({ products: video.product_ids, variants: [] })
  return (
    <section aria-labelledby="why-here-title" className="mt-4 space-y-3 text-sm">
      <h3 id="why-here-title" className="font-semibold text-slate-900">
        Why is this here?
      </h3>
      <div>
        <h4 className="font-medium text-slate-900">Playlists rules put it in</h4>
        {runs.isError ? (
          <p className="text-slate-700">The rules’ runs cannot be read now.</p>
        ) : playlists.length === 0 ? (
          <p className="text-slate-700">
            {runs.data
              ? 'No rule has put this video in a playlist in the last 90 days.'
              : 'Looking…'}
          </p>
        ) : (
          <ul className="space-y-1">
            {playlists.map((playlistId) => (
              <PlacedIn key={playlistId} videoId={video.id} playlistId={playlistId} />
            ))}
          </ul>
        )}
        <Link to="/rules/runs" search={{ video: video.id }} className={linkClasses}>
          Every rule run on this video
        </Link>
      </div>
      {video.product_ids.length > 0 ? (
        <div>
          <h4 className="font-medium text-slate-900">Tagged products</h4>
          <ul className="space-y-1">
            {video.product_ids.map((productId) => {
              const name = labels.get(productId)?.label ?? productId
              return (
                <li key={productId} className="flex flex-wrap items-center justify-between gap-2">
                  <span>{name}</span>
                  <WhyButton
                    videoId={video.id}
                    target={{ product_id: productId }}
                    subject={`Tagged with ${name}`}
                  />
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function PlacedIn({ videoId, playlistId }: { videoId: string; playlistId: string }) {
  const placement = useQuery(placementQuery(videoId, { playlist_id: playlistId }))
  const playlist = useQuery(playlistQuery(playlistId))
  // Taken out again since (by a rule, or with the playlist): no longer here because of a rule.
  if (!placement.data) return null
  const name = playlist.data?.name ?? 'a playlist'
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        In{' '}
        <Link to="/playlists/$playlistId" params={{ playlistId }} className={linkClasses}>
          {name}
        </Link>
        , by the rule “{placement.data.rule_name}”, {formatDateTime(placement.data.at)}
      </span>
      <WhyButton videoId={videoId} target={{ playlist_id: playlistId }} subject={`In ${name}`} />
    </li>
  )
}
