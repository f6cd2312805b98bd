import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { maxItems } from '@/api/contract-bounds'
import { zProductRefs, zVariantRefs } from '@/api/generated/zod.gen'
import { productQuery, variantOwnerQuery } from '@/api/queries/products'
import { storesQuery } from '@/api/queries/stores'
import { StoreSelect } from '../store-select'
import { Button } from '../ui/button'
import { moveBlock } from '../ui/sortable-list/move-block'
import { PasteIdentifiers } from './paste-identifiers'
import { TagGroup } from './tag-group'
import type { Tags } from './tag-model'
import { optionLabel, type TagOption, TagSearch } from './tag-search'
import { type TagInfo, useTagLabels } from './use-tag-labels'

type Group = keyof Tags

const limits: Record<Group, number> = {
  products: maxItems(zProductRefs),
  variants: maxItems(zVariantRefs),
}

/** Each tag's words, read through the business's stores (a variant is found by its owner). */
export function useStoreTagLabels(tags: Tags): Map<string, TagInfo> {
  const stores = useQuery(storesQuery())
  const storeIds = useMemo(() => stores.data?.map((store) => store.id) ?? [], [stores.data])
  return useTagLabels(tags, storeIds)
}

// Product tags of one store, as a controlled value: search (whole products or variants), paste
// identifiers, and arrange both lists (whole products are always shown before variants, the
// service's rule). Used by the video page's editor and by the upload details.
export function TagPicker({
  idPrefix,
  storeId,
  storeHint,
  onStoreChange,
  tags,
  onChange,
  error,
}: {
  idPrefix: string
  storeId: string
  storeHint: ReactNode
  onStoreChange: (storeId: string) => void
  tags: Tags
  onChange: (update: (current: Tags) => Tags) => void
  error?: string | null
}) {
  const labels = useStoreTagLabels(tags)
  const queryClient = useQueryClient()
  const [note, setNote] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')

  const toggle = (option: TagOption) => {
    const group: Group = option.kind === 'product' ? 'products' : 'variants'
    setNote(null)
    if (tags[group].includes(option.id)) {
      setAnnouncement(`Untagged ${optionLabel(option)}`)
      return onChange((current) => ({
        ...current,
        [group]: current[group].filter((id) => id !== option.id),
      }))
    }
    if (tags[group].length >= limits[group]) {
      return setNote(`A video takes at most ${limits[group]} ${group}.`)
    }
    setAnnouncement(`Tagged ${optionLabel(option)}`)
    // The search already read the product: its tag is named at once, without another request.
    const { product } = option
    if (option.kind === 'product')
      queryClient.setQueryData(productQuery(product.id).queryKey, product)
    else queryClient.setQueryData(variantOwnerQuery(option.id, []).queryKey, product)
    onChange((current) => ({ ...current, [group]: [...current[group], option.id] }))
  }
  const addPasted = (ids: string[]) => {
    const room = limits.products - tags.products.length
    if (ids.length > room) setNote(`Only ${room} more products fit; the rest were not tagged.`)
    onChange((current) => ({ ...current, products: [...current.products, ...ids.slice(0, room)] }))
  }
  const remove = useCallback(
    (group: Group, id: string, label: string | undefined) => {
      setAnnouncement(`Untagged ${label ?? 'a product'}`)
      onChange((current) => ({ ...current, [group]: current[group].filter((each) => each !== id) }))
    },
    [onChange],
  )
  const caption = useCallback((id: string) => labels.get(id)?.label ?? 'a product', [labels])
  const rowsOf = useCallback(
    (group: Group) => (id: string) => {
      const label = labels.get(id)?.label
      return (
        <div className="flex min-w-0 flex-1 items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate" title={label}>
            {label ?? 'Loading…'}
          </span>
          <Button size="sm" variant="quiet" onClick={() => remove(group, id, label)}>
            Untag<span className="sr-only"> {label}</span>
          </Button>
        </div>
      )
    },
    [labels, remove],
  )
  const productRows = useMemo(() => rowsOf('products'), [rowsOf])
  const variantRows = useMemo(() => rowsOf('variants'), [rowsOf])
  const moveIn = (group: Group) => (ids: string[], toIndex: number) =>
    onChange((current) => ({ ...current, [group]: moveBlock(current[group], ids, toIndex) }))

  return (
    <div className="space-y-4">
      <StoreSelect
        id={`${idPrefix}-store`}
        hint={storeHint}
        value={storeId}
        onChange={onStoreChange}
      />
      <TagSearch
        id={`${idPrefix}-search`}
        storeId={storeId}
        tagged={[...tags.products, ...tags.variants]}
        onToggle={toggle}
        error={note ?? error}
      />
      <PasteIdentifiers
        id={`${idPrefix}-identifiers`}
        storeId={storeId}
        tagged={new Set(tags.products)}
        onAdd={addPasted}
      />
      <TagGroup
        title="Whole products, shown first"
        items={tags.products}
        caption={caption}
        renderItem={productRows}
        onMove={moveIn('products')}
      />
      <TagGroup
        title="Specific variants, shown after the products"
        items={tags.variants}
        caption={caption}
        renderItem={variantRows}
        onMove={moveIn('variants')}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
