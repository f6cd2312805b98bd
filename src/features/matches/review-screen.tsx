import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { reviewQueueAnswerQuery } from '@/api/queries/review'
import type { ReviewQueueAnswer } from '@/api/review'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { afterNextPaint } from '@/lib/after-paint'
import { orderWords, QueueOrderSelect } from './queue-order'
import { RecentDecisions } from './recent-decisions'
import { ReviewPanel, type SubmitFailure } from './review-panel'
import { usePrefetchUpcoming, videosAhead } from './use-prefetch-upcoming'

const route = getRouteApi('/matches')

// Opened rarely: its code loads when it is first opened.
const KeyMapDialog = lazy(() => import('./keys/key-map-dialog'))

const noPremarks = {}

// The channel's queue of videos with suggestions waiting for a person, one video at a time, in the
// order chosen; the URL names the order, the video in front of the reviewer and whether
// suggestions below the floor are shown.
export function ReviewScreen() {
  const { channelId } = route.useLoaderData()
  const search = route.useSearch()
  const below = search.below ?? false
  const { data: answer } = useSuspenseQuery(
    reviewQueueAnswerQuery(channelId, search.order ?? null, below),
  )
  // A new order starts a new pass through the queue; showing the floor's suggestions does not.
  return <QueueReview key={answer.order} answer={answer} />
}

function QueueReview({ answer }: { answer: ReviewQueueAnswer }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queue = answer.videos
  // The queue as it was when this pass began: a submit removes a video, the next one stays next.
  const [pass, setPass] = useState(queue)
  const [keysOpen, setKeysOpen] = useState(false)
  // An advance shows the next video at once and the address follows once it is painted: the
  // router's navigation (its history entry, matching, loaders, links) held up the next video's
  // first frame (decision 0033). Any other change of address (Back, a failed submit) ends it.
  const [ahead, setAhead] = useState<{ from: string | undefined; to: string } | null>(null)
  const videoId =
    (ahead && ahead.from === search.video ? ahead.to : undefined) ?? search.video ?? pass[0]?.id
  // Caught up: a later Back to where it began must not show the advance again.
  if (ahead && search.video === ahead.to) setAhead(null)
  const position = pass.findIndex((video) => video.id === videoId)
  const upcoming = useMemo(
    () =>
      position >= 0
        ? pass.slice(position + 1, position + 1 + videosAhead)
        : queue.filter((video) => video.id !== videoId).slice(0, videosAhead),
    [pass, queue, position, videoId],
  )
  const next = upcoming[0]
  const shown = pass[position] ?? queue.find((video) => video.id === videoId)
  usePrefetchUpcoming(upcoming)

  const [failed, setFailed] = useState<(SubmitFailure & { videoId: string }) | null>(null)
  const cancelAhead = useRef(() => {})
  const advance = useCallback(() => {
    setFailed(null)
    if (!next) {
      setPass(queue.filter((video) => video.id !== videoId))
      void navigate({ search: (prev) => ({ ...prev, video: undefined }) })
      return
    }
    setAhead({ from: search.video, to: next.id })
    cancelAhead.current()
    cancelAhead.current = afterNextPaint(
      () => void navigate({ search: (prev) => ({ ...prev, video: next.id }) }),
    )
  }, [next, queue, videoId, navigate, search.video])
  useEffect(() => () => cancelAhead.current(), [])
  // A submit that failed after the reviewer moved on brings them back to its video, with why.
  const failedOn = useCallback(
    (id: string) => (error: unknown, sent: SubmitFailure['sent']) => {
      cancelAhead.current()
      setAhead(null)
      setFailed({ videoId: id, error, sent })
      void navigate({ search: (prev) => ({ ...prev, video: id }) })
    },
    [navigate],
  )

  const floor = useMemo(
    () => ({
      floor: answer.floor,
      showBelow: search.below ?? false,
      onShowBelow: (show: boolean) =>
        void navigate({ search: (prev) => ({ ...prev, below: show || undefined }) }),
    }),
    [answer.floor, search.below, navigate],
  )

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI matches"
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <QueueOrderSelect
              order={answer.order}
              threshold={answer.threshold}
              onChange={(order) =>
                void navigate({ search: (prev) => ({ ...prev, order, video: undefined }) })
              }
            />
            <Button size="sm" onClick={() => setKeysOpen(true)}>
              Review keys…
            </Button>
            <p className="text-sm text-slate-700">Press ? for the keys.</p>
          </div>
        }
        description={
          <>
            <p aria-live="polite">
              {queue.length === 0
                ? 'No video is waiting for review.'
                : position >= 0
                  ? `Video ${position + 1} of ${pass.length} waiting for review, ${orderWords[answer.order]} (${queue.length} left).`
                  : `${queue.length} videos waiting for review, ${orderWords[answer.order]}.`}
            </p>
            {answer.threshold !== null || answer.floor !== null ? (
              <p>
                {[
                  answer.threshold !== null ? `Threshold ${answer.threshold}` : null,
                  answer.floor !== null ? `floor ${answer.floor}` : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
                {answer.hidden_below_floor > 0
                  ? `: ${answer.hidden_below_floor} suggestions below the floor hidden.`
                  : '.'}
              </p>
            ) : null}
          </>
        }
      />
      <div className="grid gap-8 xl:grid-cols-[1fr_18rem]">
        {videoId ? (
          <ReviewPanel
            key={videoId}
            videoId={videoId}
            premarks={shown?.premarks ?? noPremarks}
            second={shown?.second ?? false}
            floor={floor}
            onDone={advance}
            failure={failed?.videoId === videoId ? failed : null}
            onFailed={failedOn(videoId)}
          />
        ) : (
          <EmptyState title="Nothing to review">
            Every suggestion of this channel has been decided. Start matching from a video's page or
            from a selection in the library.
          </EmptyState>
        )}
        <RecentDecisions />
      </div>
      {keysOpen ? (
        <Suspense>
          <KeyMapDialog onClose={() => setKeysOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
