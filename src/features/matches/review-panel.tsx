import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { videoMatchesQuery } from '@/api/queries/matches'
import { videoQuery } from '@/api/queries/videos'
import { describeError } from '@/components/error-panel'
import { LeaveGuard } from '@/components/leave-guard'
import { useStoresById } from '@/components/store-select'
import { Callout } from '@/components/ui/callout'
import { useShortcuts } from '@/components/ui/shortcuts'
import { Skeleton } from '@/components/ui/skeleton'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { usePermission } from '@/lib/permissions'
import { videoTitle } from '@/lib/video-facts'
import { byScore, decisionOf, submitPlan } from './review-model'
import { SubmitBar } from './submit-bar'
import { SuggestionRow } from './suggestion-row'
import { useReviewState } from './use-review-state'
import { useSubmitReview } from './use-submit-review'
import { VideoPane } from './video-pane'

// One video in front of the reviewer: its suggestions, the keys that decide them, and the submit
// that sends exactly the plan shown. Mounted per video (keyed), so its state starts fresh.
export function ReviewPanel({ videoId, onDone }: { videoId: string; onDone: () => void }) {
  const matches = useQuery(videoMatchesQuery(videoId))
  const video = useQuery(videoQuery(videoId))
  const ranked = useMemo(() => matches.data && byScore(matches.data.matches), [matches.data])
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
        caption={videoTitle(video.data)}
        matches={ranked}
        onDone={onDone}
      />
    </div>
  )
}

function Suggestions({
  videoId,
  caption,
  matches,
  onDone,
}: {
  videoId: string
  caption: string
  matches: ReturnType<typeof byScore>
  onDone: () => void
}) {
  const review = useReviewState(videoId, matches)
  const stores = useStoresById()
  const submit = useSubmitReview(videoId)
  const plan = useMemo(() => submitPlan(matches, review.decisions), [matches, review.decisions])
  const activeButton = useRef<HTMLButtonElement>(null)
  const deciding = usePermission('acceptProductMatches')

  // The keyboard follows the suggestion in front of the reviewer (also right after a submit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the active row does
  useEffect(() => activeButton.current?.focus({ preventScroll: false }), [review.active])

  const send = useCallback(() => {
    if (submit.isPending) return
    if (plan.accepted.length === 0 || !deciding.allowed) return onDone()
    submit.mutate(
      {
        caption,
        productIds: plan.accepted.map((match) => match.product.id),
        rejected: plan.rejected.length + plan.undecided.length,
      },
      { onSuccess: onDone },
    )
  }, [submit, plan, caption, onDone, deciding.allowed])
  const decide = deciding.allowed ? review.decide : () => {}

  useShortcuts('AI match review', [
    { keys: ['j', 'ArrowDown'], description: 'Next suggestion', onKey: () => review.move(1) },
    { keys: ['k', 'ArrowUp'], description: 'Previous suggestion', onKey: () => review.move(-1) },
    { keys: ['a'], description: 'Accept the suggestion', onKey: () => decide('accepted') },
    { keys: ['x'], description: 'Reject the suggestion', onKey: () => decide('rejected') },
    { keys: ['u'], description: 'Undo the last decision', onKey: () => review.undo() },
    {
      keys: ['Shift+A'],
      description: 'Accept all remaining',
      onKey: () => deciding.allowed && review.acceptRemaining(),
    },
    { keys: ['Enter'], description: 'Submit and go to the next video', onKey: send },
  ])

  // Rows get one stable handler, so a decision re-renders only the rows whose state changed.
  const latestDecide = useRef(review.decide)
  latestDecide.current = review.decide
  const onDecide = useCallback(
    (decision: Parameters<typeof review.decide>[0], index: number) =>
      latestDecide.current(decision, index),
    [],
  )
  const onFocusRow = review.setActive
  return (
    <UnavailableGroup reasonsFirst>
      <div className="space-y-4">
        <LeaveGuard
          when={review.changed && !submit.isSuccess}
          title="Leave the review?"
          message="This video's decisions are not submitted yet. They stay in this browser, and the queue offers them again."
          leaving={(to) => to.pathname !== '/matches'}
          askOnUnload={false}
        />
        <h2 className="text-lg font-semibold">Suggested products ({matches.length})</h2>
        {matches.length === 0 ? (
          <p className="text-sm text-slate-700">This video has no suggestions.</p>
        ) : (
          <ol aria-label="Suggested products" className="space-y-2">
            {matches.map((match, index) => (
              <SuggestionRow
                key={match.id}
                match={match}
                store={stores && (stores.get(match.product.business_store_id) ?? null)}
                index={index}
                decision={decisionOf(match, review.decisions)}
                active={index === review.active}
                focusRef={index === review.active ? activeButton : undefined}
                onDecide={onDecide}
                onFocusRow={onFocusRow}
                unavailableReason={deciding.reason}
              />
            ))}
          </ol>
        )}
        <SubmitBar
          plan={plan}
          busy={submit.isPending}
          error={submit.error}
          canUndo={review.canUndo}
          onSubmit={send}
          onSkip={onDone}
          onAcceptRemaining={review.acceptRemaining}
          onUndo={review.undo}
          unavailableReason={deciding.reason}
        />
      </div>
    </UnavailableGroup>
  )
}
