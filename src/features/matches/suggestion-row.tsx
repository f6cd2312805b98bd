import { memo } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { ProductImage } from '@/components/product-image'
import { storeLabel } from '@/components/store-select'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { priceRange, productLabel } from '@/lib/product-facts'
import type { Decision } from './review-model'

const decisionWords = { accepted: 'Accepted', rejected: 'Rejected' } as const
const rowTone = {
  accepted: 'border-emerald-600 bg-emerald-50',
  rejected: 'border-slate-300 bg-slate-100',
  none: 'border-slate-200 bg-white',
} as const

// One suggested product with its score. The row in front of the reviewer holds the keyboard focus
// (on its Accept button), so a screen reader hears which product the keys act on. A pre-marked row
// shows auto-accept's decision, marked as such until the reviewer makes one of their own.
export const SuggestionRow = memo(function SuggestionRow({
  match,
  store,
  decision,
  premarked,
  belowFloor,
  active,
  index,
  buttonRef,
  onDecide,
  onFocusRow,
  unavailableReason,
}: {
  match: ProductMatch
  // The product's store, named beside it: suggestions come from every store of the business.
  // (null: not among the stores listed; undefined: the stores are still loading).
  store: { name: string | null; currency: string } | null | undefined
  decision: Decision | null
  /** The decision shown is auto-accept's pre-mark, not yet the reviewer's. */
  premarked: boolean
  /** Under the team's floor (shown because the reviewer asked). */
  belowFloor: boolean
  active: boolean
  index: number
  /** Told of the row's Accept button, which takes the focus when the row is in front. */
  buttonRef: (index: number, button: HTMLButtonElement | null) => void
  onDecide: (decision: Decision, index: number) => void
  onFocusRow: (index: number) => void
  /** Why the account cannot decide, when it cannot (shown once for the review). */
  unavailableReason: string | undefined
}) {
  const { product } = match
  const name = productLabel(product)
  const price = priceRange(product, store?.currency)
  const where = store === undefined ? null : store ? storeLabel(store) : 'a store no longer listed'
  const from = where ? ` from ${where}` : ''
  const variants = product.units.length
  const score = Math.max(0, Math.min(100, match.matching_score))
  const state = decision
    ? `${premarked ? 'pre-marked ' : ''}${decisionWords[decision].toLowerCase()}`
    : 'undecided'
  return (
    <li
      data-active={active || undefined}
      data-premarked={premarked || undefined}
      className={`flex flex-wrap items-center gap-3 rounded-lg border-2 p-3 ${rowTone[decision ?? 'none']} ${active ? 'outline outline-2 outline-offset-2 outline-indigo-600' : ''}`}
    >
      <ProductImage product={product} />
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-slate-700">
          {[where, price ?? 'No price', variants > 1 ? `${variants} variants` : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <div className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className="h-2 w-32 overflow-hidden rounded bg-slate-200">
            <span className="block h-full bg-indigo-600" style={{ width: `${score}%` }} />
          </span>
          <span>Score {match.matching_score}</span>
          {belowFloor ? <Badge>Below the floor</Badge> : null}
        </div>
      </div>
      <div className="w-24 space-y-1 text-sm font-medium" aria-hidden="true">
        <p>{decision ? decisionWords[decision] : 'Undecided'}</p>
        {premarked ? <Badge tone="info">Pre-marked</Badge> : null}
      </div>
      <div className="flex gap-2">
        <Button
          ref={(button) => {
            buttonRef(index, button)
          }}
          tabIndex={active ? 0 : -1}
          className="min-h-11 min-w-11"
          variant={decision === 'accepted' ? 'primary' : 'secondary'}
          aria-pressed={decision === 'accepted'}
          aria-label={`Accept ${name}${from}, score ${match.matching_score}${belowFloor ? ', below the floor' : ''}, ${state}`}
          onFocus={() => onFocusRow(index)}
          unavailableReason={unavailableReason}
          onClick={() => onDecide('accepted', index)}
        >
          Accept
        </Button>
        <Button
          tabIndex={-1}
          className="min-h-11 min-w-11"
          variant={decision === 'rejected' ? 'primary' : 'secondary'}
          aria-pressed={decision === 'rejected'}
          aria-label={`Reject ${name}${from}`}
          unavailableReason={unavailableReason}
          onClick={() => onDecide('rejected', index)}
        >
          Reject
        </Button>
      </div>
    </li>
  )
})
