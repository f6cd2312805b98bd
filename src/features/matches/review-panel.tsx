import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { videoMatchesQuery } from '@/api/queries/matches'
import { videoQuery } from '@/api/queries/videos'
import type { DecisionsSubmit } from '@/api/review'
import { describeError } from '@/components/error-panel'
import { Callout } from '@/components/ui/callout'
import { Skeleton } from '@/components/ui/skeleton'
import { byScore, type Premarks } from './review-model'
import { Suggestions } from './suggestions'
import { VideoPane } from './video-pane'

export interface FloorView {
  /** The team's floor: waiting suggestions scored under it are hidden unless asked for. */
  floor: number | null
  showBelow: boolean
  onShowBelow: (show: boolean) => void
}

/** A submit that failed after the reviewer had moved on: what it sent, and why it failed. */
export interface SubmitFailure {
  sent: DecisionsSubmit['decisions']
  error: unknown
}

// One video in front of the reviewer: its poster or file, and its suggestions. Mounted per video
// (keyed), so its state starts fresh.
export function ReviewPanel({
  videoId,
  premarks,
  second,
  floor,
  onDone,
  failure,
  onFailed,
}: {
  videoId: string
  premarks: Premarks
  /** A second, independent review: every suggestion is shown undecided, whatever its state. */
  second: boolean
  floor: FloorView
  onDone: () => void
  /** This video's last submit, which failed after the reviewer had moved on, and why. */
  failure: SubmitFailure | null
  onFailed: (error: unknown, sent: SubmitFailure['sent']) => void
}) {
  const matches = useQuery(videoMatchesQuery(videoId))
  const video = useQuery(videoQuery(videoId))
  const ranked = useMemo(() => {
    if (!matches.data) return undefined
    const list = second
      ? matches.data.matches.map((match) => ({ ...match, status: 'pending' as const }))
      : matches.data.matches
    return byScore(list)
  }, [matches.data, second])
  if (matches.isError || video.isError) {
    return (
      <Callout tone="danger" role="alert" title="This video cannot be reviewed">
        {describeError(matches.error ?? video.error).detail}
      </Callout>
    )
  }
  if (!ranked || !video.data) {
    return (
      <div role="status">
        <span className="sr-only">Loading the video's suggestions…</span>
        <Skeleton className="h-96" />
      </div>
    )
  }
  return (
    <div className="grid gap-6 md:grid-cols-[15rem_1fr]">
      <VideoPane video={video.data} />
      <Suggestions
        videoId={videoId}
        all={ranked}
        premarks={premarks}
        floor={floor}
        onDone={onDone}
        failure={failure}
        onFailed={onFailed}
      />
    </div>
  )
}
