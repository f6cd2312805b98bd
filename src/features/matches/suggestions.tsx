import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { LeaveGuard } from '@/components/leave-guard'
import { useStoresById } from '@/components/store-select'
import { Button } from '@/components/ui/button'
import { codeLabel, useKeyboardLayout } from '@/components/ui/key-labels'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { focusThenReveal } from '@/lib/focus-then-reveal'
import { usePermission } from '@/lib/permissions'
import { useReviewKeyMap } from './keys/use-key-map'
import { retryOf, submission } from './review-clock'
import {
  type Decision,
  decisionOf,
  isBelowFloor,
  isPremarked,
  type Premarks,
  submitPlan,
} from './review-model'
import type { FloorView, SubmitFailure } from './review-panel'
import { SubmitBar } from './submit-bar'
import { SuggestionRow } from './suggestion-row'
import { useReviewShortcuts } from './use-review-shortcuts'
import { useReviewState } from './use-review-state'
import { useSubmitReview } from './use-submit-review'

const count = (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`)

// The video's suggestions, the keys that decide them, and the submit that sends exactly the plan
// shown (with each decision's time and whether it was seen).
export function Suggestions({
  videoId,
  all,
  premarks,
  floor,
  onDone,
  failure,
  onFailed,
}: {
  videoId: string
  /** Every suggestion of the video, highest score first. */
  all: readonly ProductMatch[]
  premarks: Premarks
  floor: FloorView
  onDone: () => void
  /** This video's last submit, which failed after the reviewer had moved on, and why. */
  failure: SubmitFailure | null
  onFailed: (error: unknown, sent: SubmitFailure['sent']) => void
}) {
  const below = useMemo(
    () => all.filter((match) => isBelowFloor(match, floor.floor)),
    [all, floor.floor],
  )
  const hidden = useMemo(
    () => new Set(floor.showBelow ? [] : below.map((match) => match.id)),
    [below, floor.showBelow],
  )
  const matches = useMemo(() => all.filter((match) => !hidden.has(match.id)), [all, hidden])
  const review = useReviewState(videoId, matches, premarks)
  const stores = useStoresById()
  const submit = useSubmitReview(videoId, onFailed)
  const keys = useReviewKeyMap()
  const layout = useKeyboardLayout()
  const plan = useMemo(
    () => submitPlan(all, review.decisions, premarks, hidden),
    [all, review.decisions, premarks, hidden],
  )
  const deciding = usePermission('acceptProductMatches')

  // The keyboard follows the suggestion in front of the reviewer. A key moves it at once, before
  // the rows change: focus() lays out the page first, which on a page not yet changed costs
  // little, where after the change it was most of a decision's work (bench:review's profile).
  // Anything else that moves the suggestion in front (a click, an undo, a new video) moves the
  // focus once rendered.
  const rowButtons = useRef(new Map<number, HTMLButtonElement>())
  const registerButton = useCallback((index: number, button: HTMLButtonElement | null) => {
    if (button) rowButtons.current.set(index, button)
    else rowButtons.current.delete(index)
  }, [])
  const focusRow = useCallback((index: number | null) => {
    const button = index === null ? undefined : rowButtons.current.get(index)
    if (button && button !== document.activeElement) focusThenReveal(button)
  }, [])
  useEffect(() => focusRow(review.active), [focusRow, review.active])

  const send = useCallback(() => {
    if (submit.isPending) return
    if (all.length === 0 || !deciding.allowed) return onDone()
    // On to the next video at once (it is loaded ahead); the submit goes on behind.
    const now = submission(all, review.decisions, premarks, hidden, review.clock)
    submit.mutate(retryOf(failure?.sent ?? null, now))
    onDone()
  }, [
    submit,
    all,
    review.decisions,
    review.clock,
    premarks,
    hidden,
    onDone,
    deciding.allowed,
    failure,
  ])
  const decide = (decision: Decision) => {
    if (!deciding.allowed) return
    focusRow(review.activeAfter(decision))
    review.decide(decision)
  }
  const goTo = (index: number) => {
    focusRow(index)
    review.setActive(index)
  }

  useReviewShortcuts(keys, {
    next: () => goTo(Math.min(review.active + 1, matches.length - 1)),
    previous: () => goTo(Math.max(review.active - 1, 0)),
    accept: () => decide('accepted'),
    reject: () => decide('rejected'),
    undo: () => review.undo(),
    acceptRemaining: () => deciding.allowed && review.acceptRemaining(),
    submit: send,
  })

  // Rows get one stable handler, so a decision re-renders only the rows whose state changed.
  const latestDecide = useRef(review.decide)
  latestDecide.current = review.decide
  const onDecide = useCallback(
    (decision: Parameters<typeof review.decide>[0], index: number) =>
      latestDecide.current(decision, index),
    [],
  )
  const premarked = matches.filter((match) => isPremarked(match, review.decisions, premarks))
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
          <p className="text-sm text-slate-700">
            {all.length === 0
              ? 'This video has no suggestions.'
              : 'Every suggestion of this video is below the floor.'}
          </p>
        ) : (
          <ol aria-label="Suggested products" className="space-y-2">
            {matches.map((match, index) => (
              <SuggestionRow
                key={match.id}
                match={match}
                store={stores && (stores.get(match.product.business_store_id) ?? null)}
                index={index}
                decision={decisionOf(match, review.decisions, premarks)}
                premarked={isPremarked(match, review.decisions, premarks)}
                belowFloor={isBelowFloor(match, floor.floor)}
                active={index === review.active}
                buttonRef={registerButton}
                onDecide={onDecide}
                onFocusRow={review.setActive}
                unavailableReason={deciding.reason}
              />
            ))}
          </ol>
        )}
        {below.length > 0 ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <p>
              {count(below.length)} scored under the floor ({floor.floor}):{' '}
              {floor.showBelow ? 'shown.' : 'hidden, and rejected unseen by a submit.'}
            </p>
            <Button size="sm" onClick={() => floor.onShowBelow(!floor.showBelow)}>
              {floor.showBelow
                ? 'Hide those below the floor'
                : `Show ${below.length} below the floor`}
            </Button>
          </div>
        ) : null}
        <SubmitBar
          plan={plan}
          premarked={premarked.length}
          keyLabel={{
            submit: codeLabel(keys.submit, layout),
            acceptRemaining: codeLabel(keys.acceptRemaining, layout),
            undo: codeLabel(keys.undo, layout),
          }}
          busy={submit.isPending}
          error={submit.error ?? failure?.error}
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
