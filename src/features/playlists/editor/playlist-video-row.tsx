import { useQuery } from '@tanstack/react-query'
import { memo } from 'react'
import { ServiceError } from '@/api/client'
import { type VideoSummary, videoSummaryQuery } from '@/api/queries/videos'
import { WhyButton } from '@/components/rule-placement/why-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { VideoThumbnail } from '@/components/video/video-thumbnail'
import { formatDuration } from '@/lib/format'
import { publicationState, videoTitle } from '@/lib/video-facts'

export interface RowActions {
  /** The playlist the rows are in (a row asks why its video is there). */
  playlistId: string
  toggle: (id: string, extend: boolean) => void
  remove: (id: string) => void
  pin: (id: string, pinned: boolean) => void
  /** Why the account cannot remove or pin, when it cannot (shown once for the list). */
  removeReason: string | undefined
  pinReason: string | undefined
}

/** Why the public feed does not show a video (the service lists only live, approved ones). */
export function hiddenReason(video: VideoSummary): string | null {
  if (video.duration === null) return 'Not approved: still processing, or processing failed'
  if (video.archived_at) return 'Archived'
  const publication = publicationState(video).kind
  if (publication !== 'live')
    return publication === 'scheduled' ? 'Scheduled, not live yet' : 'Draft'
  return null
}

// One video of the playlist. Its details load when the row is first shown (a long playlist shows a
// few dozen rows at a time), and are shared with every other screen through the query cache.
export const PlaylistVideoRow = memo(function PlaylistVideoRow({
  id,
  selected,
  pinned,
  canPin,
  actions,
}: {
  id: string
  selected: boolean
  pinned: boolean
  canPin: boolean
  actions: RowActions
}) {
  const video = useQuery(videoSummaryQuery(id))
  const gone = video.error instanceof ServiceError && video.error.status === 404
  const caption = video.data
    ? videoTitle(video.data)
    : gone
      ? 'Deleted video'
      : 'Video still loading'
  const hidden = video.data ? hiddenReason(video.data) : gone ? 'Deleted' : null
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        checked={selected}
        aria-label={`Select ${caption}`}
        className="size-5"
        onClick={(event) => {
          event.preventDefault()
          actions.toggle(id, event.shiftKey)
        }}
        onChange={() => {}}
      />
      <VideoThumbnail url={video.data?.thumbnail_url} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{caption}</p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-700">
          <span>{formatDuration(video.data?.duration ?? null)}</span>
          {pinned ? <Badge tone="info">Pinned</Badge> : null}
          {hidden ? <Badge tone="warning">Hidden from the feed: {hidden}</Badge> : null}
          {video.isError && !gone ? <span>Details unavailable</span> : null}
        </p>
      </div>
      <WhyButton
        videoId={id}
        target={{ playlist_id: actions.playlistId }}
        subject={`“${caption}” in this playlist`}
      />
      {canPin ? (
        <Button
          size="sm"
          variant="quiet"
          unavailableReason={actions.pinReason}
          onClick={() => actions.pin(id, !pinned)}
        >
          {pinned ? 'Unpin' : 'Pin'}
          <span className="sr-only"> {caption}</span>
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="quiet"
        unavailableReason={actions.removeReason}
        onClick={() => actions.remove(id)}
      >
        Remove<span className="sr-only"> {caption}</span>
      </Button>
    </div>
  )
})
