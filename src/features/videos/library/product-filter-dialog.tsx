import { useState } from 'react'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { type TagOption, TagSearch } from '@/components/product-tags/tag-search'
import { StoreSelect, useDefaultStoreId } from '@/components/store-select'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { Dialog } from '@/components/ui/dialog'
import { TagList } from '@/components/ui/tag-list'
import { matchOptions } from './index-filter-bar'
import type { LibrarySearch } from './library-search'

type Picked = Pick<TagOption, 'id' | 'kind'>

/** Products or variants, from any store, to list the videos showing any or all of them. */
export function ProductFilterDialog({
  search,
  onApply,
  onClose,
}: {
  search: LibrarySearch
  onApply: (patch: Partial<LibrarySearch>) => void
  onClose: () => void
}) {
  const [chosenStore, setChosenStore] = useState<string | null>(null)
  const defaultStore = useDefaultStoreId()
  const storeId = chosenStore ?? defaultStore
  const [picked, setPicked] = useState<Picked[]>(() => [
    ...(search.product ?? []).map((id) => ({ id, kind: 'product' as const })),
    ...(search.variant ?? []).map((id) => ({ id, kind: 'variant' as const })),
  ])
  const [match, setMatch] = useState<'any' | 'all'>(search.match ?? 'any')
  const idsOf = (kind: Picked['kind']) =>
    picked.filter((each) => each.kind === kind).map((each) => each.id)
  const chosen = (kind: Picked['kind']) => (idsOf(kind).length > 0 ? idsOf(kind) : undefined)
  const labels = useStoreTagLabels({ products: idsOf('product'), variants: idsOf('variant') })
  const toggle = (option: Picked) =>
    setPicked((current) =>
      current.some((each) => each.id === option.id)
        ? current.filter((each) => each.id !== option.id)
        : [...current, { id: option.id, kind: option.kind }],
    )
  return (
    <Dialog
      title="Videos showing products"
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            onClick={() =>
              onApply({
                product: chosen('product'),
                variant: chosen('variant'),
                match: match === 'all' ? 'all' : undefined,
              })
            }
          >
            {picked.length === 0 ? 'Show every video' : 'Show the videos'}
          </Button>
        </>
      }
    >
      {/* Tall enough for the search's options to open below it, inside the dialog. */}
      <div className="min-h-[30rem] space-y-3">
        <StoreSelect id="product-filter-store" value={storeId} onChange={setChosenStore} />
        <TagSearch
          id="product-filter-search"
          storeId={storeId}
          tagged={picked.map((each) => each.id)}
          onToggle={toggle}
          label="Find products"
          pickWord="picks"
        />
        {picked.length > 0 ? (
          <TagList
            label="Chosen products"
            tags={picked.map((each) => ({
              key: each.id,
              label: labels.get(each.id)?.label ?? 'Loading…',
            }))}
            onRemove={(id) => setPicked((current) => current.filter((each) => each.id !== id))}
          />
        ) : (
          <p className="text-sm text-slate-700">
            Pick one or more products, or single variants, from any of your stores.
          </p>
        )}
        <RadioGroup<'any' | 'all'>
          legend="Videos showing"
          value={match}
          onValueChange={setMatch}
          options={matchOptions}
        />
      </div>
    </Dialog>
  )
}
