import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { reviewQueueQuery, videoMatchesQuery } from '@/api/queries/matches'
import { videoQuery } from '@/api/queries/videos'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { safeHttpUrl } from '@/lib/format'
import { loadSubmitted } from './decision-storage'
import { RecentlySubmitted } from './recently-submitted'
import { ReviewPanel } from './review-panel'

const route = getRouteApi('/matches')

// The channel's queue of videos with pending suggestions, oldest first, one video at a time; the
// URL names the video in front of the reviewer.
export function ReviewScreen() {
  const { channelId } = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const { data: queue } = useSuspenseQuery(reviewQueueQuery(channelId))
  // The queue as it was when this video was shown: a submit removes it, the next one stays next.
  const [order, setOrder] = useState(queue)
  const videoId = search.video ?? order[0]?.id
  const position = order.findIndex((video) => video.id === videoId)
  const next = position >= 0 ? order[position + 1] : queue.find((video) => video.id !== videoId)
  const [submitted, setSubmitted] = useState(loadSubmitted)

  // The next video's suggestions, record and poster are read while this one is reviewed.
  useEffect(() => {
    if (!next) return
    void queryClient.prefetchQuery(videoMatchesQuery(next.id))
    void queryClient.prefetchQuery(videoQuery(next.id))
    const poster = safeHttpUrl(next.thumbnail_url)
    if (poster) new Image().src = poster
  }, [next, queryClient])

  const advance = useCallback(() => {
    setSubmitted(loadSubmitted())
    if (!next) setOrder(queue.filter((video) => video.id !== videoId))
    void navigate({ search: (prev) => ({ ...prev, video: next?.id }) })
  }, [next, queue, videoId, navigate])

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI matches"
        actions={<p className="text-sm text-slate-700">Press ? for the keys.</p>}
        description={
          <p aria-live="polite">
            {queue.length === 0
              ? 'No video is waiting for review.'
              : position >= 0
                ? `Video ${position + 1} of ${order.length} waiting for review, oldest first (${queue.length} left).`
                : `${queue.length} ${queue.length === 1 ? 'video waits' : 'videos wait'} for review. This one was reopened.`}
          </p>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[1fr_14rem]">
        {videoId ? (
          <ReviewPanel key={videoId} videoId={videoId} onDone={advance} />
        ) : (
          <EmptyState title="Nothing to review">
            Every suggestion of this channel has been decided. Start matching from a video's page or
            from a selection in the library.
          </EmptyState>
        )}
        <RecentlySubmitted videos={submitted} />
      </div>
    </div>
  )
}
