import { IndexFreshness } from '@/components/merch-index/index-freshness'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { TagList } from '@/components/ui/tag-list'
import type { IndexFilterProps } from './index-filters'
import type { LibrarySearch } from './library-search'

const stateLabels = { draft: 'Drafts', scheduled: 'Scheduled', live: 'Live' } as const

/** Whether a video must show any of the chosen products, or all of them. */
export const matchOptions = [
  { value: 'any', label: 'any of them' },
  { value: 'all', label: 'all of them' },
] as const

type Chip = { key: string; label: string; remove: Partial<LibrarySearch> }

/** What the index filters the library by, each removable, and how fresh the answer is. */
export function IndexFilterBar({ search, onChange, status }: IndexFilterProps) {
  const products = search.product ?? []
  const variants = search.variant ?? []
  const labels = useStoreTagLabels({ products, variants })
  const chips: Chip[] = [
    ...products.map((id) => ({
      key: `product:${id}`,
      label: labels.get(id)?.label ?? 'Loading…',
      remove: { product: products.filter((each) => each !== id) },
    })),
    ...variants.map((id) => ({
      key: `variant:${id}`,
      label: labels.get(id)?.label ?? 'Loading…',
      remove: { variant: variants.filter((each) => each !== id) },
    })),
    ...(search.state
      ? [{ key: 'state', label: stateLabels[search.state], remove: { state: undefined } }]
      : []),
    ...(search.attention
      ? [{ key: 'attention', label: 'Needs attention', remove: { attention: undefined } }]
      : []),
    ...(search.untagged
      ? [{ key: 'untagged', label: 'No product', remove: { untagged: undefined } }]
      : []),
  ]
  if (chips.length === 0) return null
  const clearAll: Partial<LibrarySearch> = {
    product: undefined,
    variant: undefined,
    match: undefined,
    state: undefined,
    attention: undefined,
    untagged: undefined,
  }
  return (
    <section
      aria-label="Filtered by the dashboard's index"
      className="space-y-2 rounded-md border border-indigo-200 bg-indigo-50/50 p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <TagList
          label="Index filters"
          tags={chips}
          onRemove={(key) => {
            const chip = chips.find((each) => each.key === key)
            if (chip) onChange(chip.remove)
          }}
        />
        {products.length + variants.length > 1 && (
          <RadioGroup<'any' | 'all'>
            legend="Videos showing"
            value={search.match ?? 'any'}
            onValueChange={(match) => onChange({ match: match === 'all' ? 'all' : undefined })}
            options={matchOptions}
          />
        )}
        <Button size="sm" variant="quiet" onClick={() => onChange(clearAll)}>
          Clear these filters
        </Button>
      </div>
      {status ? <IndexFreshness status={status} /> : null}
    </section>
  )
}
