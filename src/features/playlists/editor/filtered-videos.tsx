import { useQueryClient } from '@tanstack/react-query'
import { memo, useState } from 'react'
import { type VideoSummary, videoKeys } from '@/api/queries/videos'
import { Callout } from '@/components/ui/callout'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { hiddenReason, PlaylistVideoRow, type RowActions } from './playlist-video-row'
import { useAllSummaries } from './use-all-summaries'

const shownAtOnce = 100

// A search or filter within the playlist: its matches in playlist order. A part of the list cannot
// define a whole order, so reordering waits until the search is cleared. Memoised: while a newer
// search is typed, the page renders again with this one's props, and the filter is not redone.
export const FilteredVideos = memo(function FilteredVideos({
  playlistId,
  order,
  q,
  hiddenOnly,
  pinned,
  canPin,
  selection,
  actions,
}: {
  playlistId: string
  order: readonly string[]
  q: string
  hiddenOnly: boolean
  pinned: ReadonlySet<string>
  canPin: boolean
  selection: ReadonlySet<string>
  actions: RowActions
}) {
  const queryClient = useQueryClient()
  const progress = useAllSummaries(playlistId, order, true)
  const [limit, setLimit] = useState(shownAtOnce)
  const needle = q.toLocaleLowerCase()
  const matches = order.filter((id) => {
    const video = queryClient.getQueryData<VideoSummary>(videoKeys.summary(id))
    if (!video) return false
    if (needle && !(video.caption ?? '').toLocaleLowerCase().includes(needle)) return false
    return !hiddenOnly || hiddenReason(video) !== null
  })
  return (
    <div className="space-y-3">
      <Callout role="status">
        Reordering is off while you search or filter: a part of the playlist cannot set its whole
        order. Clear the search to drag or move videos again.
        {progress.loaded < progress.total
          ? ` Reading the videos: ${progress.loaded} of ${progress.total}.`
          : ` ${matches.length} of ${progress.total} videos match.`}
      </Callout>
      <UnavailableGroup>
        <ul aria-label="Matching videos" className="space-y-2">
          {matches.slice(0, limit).map((id) => (
            <li
              key={id}
              data-id={id}
              className="rounded-md border border-slate-200 bg-white p-2 text-sm"
            >
              <PlaylistVideoRow
                id={id}
                selected={selection.has(id)}
                pinned={pinned.has(id)}
                canPin={canPin}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      </UnavailableGroup>
      {matches.length > limit ? (
        <LoadMoreButton loading={false} onLoadMore={() => setLimit(limit + shownAtOnce)}>
          Show more ({limit} of {matches.length})
        </LoadMoreButton>
      ) : null}
    </div>
  )
})
