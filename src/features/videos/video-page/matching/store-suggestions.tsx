import { useId } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { ProductImage } from '@/components/product-image'
import { storeLabel, useStoresById } from '@/components/store-select'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { priceRange, productLabel } from '@/lib/product-facts'

const statusBadge = {
  pending: <Badge tone="info">Waiting for review</Badge>,
  accepted: <Badge tone="success">Accepted</Badge>,
  rejected: <Badge>Rejected</Badge>,
} as const

// The AI's suggestions from the store the page tags in (matching draws from every store of the
// business, and a € product is no use among $ tags); those of other stores are counted, with a
// way to switch the page's tagging to their store.
export function StoreSuggestions({
  matches,
  storeId,
  onChooseStore,
}: {
  matches: readonly ProductMatch[]
  storeId: string
  onChooseStore: (storeId: string) => void
}) {
  const headingId = useId()
  const stores = useStoresById()
  const label = (id: string) => {
    const store = stores?.get(id)
    return store ? storeLabel(store) : 'another store'
  }
  const here = matches
    .filter((match) => match.product.business_store_id === storeId)
    .sort((a, b) => b.matching_score - a.matching_score)
  const elsewhere = new Map<string, number>()
  for (const match of matches) {
    const id = match.product.business_store_id
    if (id !== storeId) elsewhere.set(id, (elsewhere.get(id) ?? 0) + 1)
  }
  const currency = stores?.get(storeId)?.currency
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        Suggestions from {label(storeId)} ({here.length})
      </h3>
      {here.length === 0 ? (
        <p className="text-sm text-slate-700">None from this store.</p>
      ) : (
        <ul className="space-y-2">
          {here.map((match) => (
            <li key={match.id} className="flex items-center gap-3 text-sm">
              <ProductImage product={match.product} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{productLabel(match.product)}</span>
                <span className="text-slate-700">
                  {priceRange(match.product, currency) ?? 'No price'} · score {match.matching_score}
                </span>
              </span>
              {statusBadge[match.status]}
            </li>
          ))}
        </ul>
      )}
      {[...elsewhere].map(([id, count]) => (
        <p key={id} className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            {count} more {count === 1 ? 'suggestion is' : 'suggestions are'} from {label(id)}.
          </span>
          <Button size="sm" onClick={() => onChooseStore(id)}>
            Switch to {label(id)}
          </Button>
        </p>
      ))}
      {elsewhere.size > 0 ? (
        <p className="text-xs text-slate-700">
          Switching changes the store the product tags come from, and clears unsaved tag changes.
        </p>
      ) : null}
    </section>
  )
}
