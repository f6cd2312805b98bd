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

// Exactly what Enter sends: the service's accept is a replacement, so every suggestion not
// accepted is rejected, the undecided ones included.
export function SubmitBar({
  plan,
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
  const rejected = plan.rejected.length + plan.undecided.length
  return (
    <section aria-label="What a submit sends" className="space-y-3 rounded-lg border p-3">
      <div aria-live="polite" className="space-y-1 text-sm">
        {plan.accepted.length === 0 ? (
          <p>
            Nothing accepted yet. The service cannot reject every suggestion (its accept needs at
            least one product), so without an accepted product this video can only be skipped; its
            suggestions stay pending.
          </p>
        ) : (
          <>
            <p>
              <strong>Accepts {plan.accepted.length}:</strong> {names(plan.accepted)}
            </p>
            <p>
              <strong>Rejects {rejected}:</strong>{' '}
              {rejected === 0 ? 'none' : names([...plan.rejected, ...plan.undecided])}
            </p>
            {plan.undecided.length > 0 ? (
              <p>
                {plan.undecided.length} undecided{' '}
                {plan.undecided.length === 1 ? 'suggestion is' : 'suggestions are'} rejected by a
                submit.
              </p>
            ) : null}
          </>
        )}
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
        {plan.accepted.length === 0 ? (
          <Button className="min-h-11" onClick={onSkip}>
            Skip to the next video <Kbd>Enter</Kbd>
          </Button>
        ) : (
          <Button
            className="min-h-11"
            variant="primary"
            busy={busy}
            busyLabel="Submitting…"
            unavailableReason={unavailableReason}
            onClick={onSubmit}
          >
            Submit and next <Kbd>Enter</Kbd>
          </Button>
        )}
        <Button
          className="min-h-11"
          disabled={plan.undecided.length === 0}
          unavailableReason={unavailableReason}
          onClick={onAcceptRemaining}
        >
          Accept all remaining <Kbd>Shift+A</Kbd>
        </Button>
        <Button className="min-h-11" disabled={!canUndo} onClick={onUndo}>
          Undo <Kbd>u</Kbd>
        </Button>
      </div>
    </section>
  )
}
