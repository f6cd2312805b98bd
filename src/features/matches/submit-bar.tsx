import type { ProductMatch } from '@/api/generated/types.gen'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Kbd } from '@/components/ui/kbd'
import { asSentence } from '@/lib/format'
import { productLabel } from '@/lib/product-facts'
import type { SubmitPlan } from './review-model'

const names = (matches: readonly ProductMatch[]) =>
  matches.map((match) => productLabel(match.product)).join(', ')

const suggestions = (count: number) => (count === 1 ? '1 suggestion' : `${count} suggestions`)

// Exactly what a submit sends: the service's accept is a replacement, so every suggestion not
// accepted is rejected, the undecided and hidden ones included. With none accepted the dashboard
// records the rejections and sets the video aside (the service's accept needs a product).
export function SubmitBar({
  plan,
  premarked,
  keyLabel,
  busy,
  error,
  canUndo,
  onSubmit,
  onSkip,
  onAcceptRemaining,
  onUndo,
  unavailableReason,
}: {
  plan: SubmitPlan
  /** How many of the decisions shown are pre-marks, which a submit makes the reviewer's. */
  premarked: number
  /** Each action's key as the person's layout prints it. */
  keyLabel: { submit: string; acceptRemaining: string; undo: string }
  busy: boolean
  error: unknown
  canUndo: boolean
  onSubmit: () => void
  onSkip: () => void
  onAcceptRemaining: () => void
  onUndo: () => void
  /** Why the account cannot accept or reject suggestions, when it cannot. */
  unavailableReason: string | undefined
}) {
  const shownRejected = [...plan.rejected, ...plan.undecided]
  const rejected = shownRejected.length + plan.hidden.length
  return (
    <section aria-label="What a submit sends" className="space-y-3 rounded-lg border p-3">
      <div aria-live="polite" className="space-y-1 text-sm">
        {plan.accepted.length === 0 ? (
          <p>
            <strong>Rejects all {rejected}.</strong> Nothing accepted: a submit records every
            suggestion as rejected and the video leaves this queue. The service keeps them pending
            (its accept needs at least one product).
          </p>
        ) : (
          <>
            <p>
              <strong>Accepts {plan.accepted.length}:</strong> {names(plan.accepted)}
            </p>
            <p>
              <strong>Rejects {rejected}:</strong>{' '}
              {shownRejected.length > 0
                ? names(shownRejected)
                : plan.hidden.length > 0
                  ? 'only those below the floor'
                  : 'none'}
            </p>
          </>
        )}
        {plan.undecided.length > 0 ? (
          <p>
            {plan.undecided.length} undecided{' '}
            {plan.undecided.length === 1 ? 'suggestion is' : 'suggestions are'} rejected by a
            submit.
          </p>
        ) : null}
        {plan.hidden.length > 0 ? (
          <p>{suggestions(plan.hidden.length)} below the floor, not shown, rejected unseen.</p>
        ) : null}
        {premarked > 0 ? (
          <p>
            {premarked} pre-marked {premarked === 1 ? 'decision becomes' : 'decisions become'} yours
            when you submit.
          </p>
        ) : null}
      </div>
      {error ? (
        <Callout
          tone="danger"
          role="alert"
          title="Not submitted"
          actions={
            <Button size="sm" onClick={onSubmit} busy={busy} busyLabel="Retrying…">
              Retry
            </Button>
          }
        >
          {asSentence(describeError(error).detail)} Your decisions are kept.
        </Callout>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          className="min-h-11"
          variant="primary"
          busy={busy}
          busyLabel="Submitting…"
          unavailableReason={unavailableReason}
          onClick={onSubmit}
        >
          Submit and next <Kbd>{keyLabel.submit}</Kbd>
        </Button>
        <Button className="min-h-11" onClick={onSkip}>
          Skip to the next video
        </Button>
        <Button
          className="min-h-11"
          disabled={plan.undecided.length === 0}
          unavailableReason={unavailableReason}
          onClick={onAcceptRemaining}
        >
          Accept all remaining <Kbd>{keyLabel.acceptRemaining}</Kbd>
        </Button>
        <Button className="min-h-11" disabled={!canUndo} onClick={onUndo}>
          Undo <Kbd>{keyLabel.undo}</Kbd>
        </Button>
      </div>
    </section>
  )
}
