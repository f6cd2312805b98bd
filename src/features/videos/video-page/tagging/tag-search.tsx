import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import type { Product } from '../../../../api/generated/types.gen'
import { productSearchQuery } from '../../../../api/queries/products'
import { Combobox } from '../../../../components/ui/combobox'

export interface TagOption {
  kind: 'product' | 'variant'
  id: string
  label: string
}

const searchDelayMs = 150

function optionsOf(products: readonly Product[], withVariants: boolean): TagOption[] {
  return products.flatMap((product) => {
    const name = [product.name ?? 'Unnamed product', product.brand].filter(Boolean).join(' · ')
    return [
      { kind: 'product' as const, id: product.id, label: `${name} (whole product)` },
      ...(withVariants ? product.units : []).map((unit) => ({
        kind: 'variant' as const,
        id: unit.id,
        label: `${name} — ${unit.name ?? unit.options.map((o) => o.value).join(' / ')}${unit.sku ? ` · ${unit.sku}` : ''}`,
      })),
    ]
  })
}

// Products of the store by name, brand or identifier; each offered whole or as one of its
// variants. Picking one tags it, picking it again untags it.
export function TagSearch({
  storeId,
  tagged,
  onToggle,
  wholeProductsOnly = false,
}: {
  storeId: string
  tagged: readonly string[]
  onToggle: (option: TagOption) => void
  /** Offer products only, not their variants (a bulk tag of many videos). */
  wholeProductsOnly?: boolean
}) {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), searchDelayMs)
    return () => clearTimeout(timer)
  }, [text])
  const results = useQuery({
    ...productSearchQuery(storeId, query),
    enabled: open && storeId !== '',
    placeholderData: keepPreviousData,
  })
  const options = useMemo(
    () => optionsOf(results.data ?? [], !wholeProductsOnly),
    [results.data, wholeProductsOnly],
  )
  const settled = query === text.trim() && !results.isPlaceholderData
  return (
    <Combobox<TagOption>
      id="tag-search"
      label="Find products to tag"
      hint="Name, brand, SKU, GTIN, MPN, barcode or external id. Enter tags or untags the highlighted one."
      disabled={!storeId}
      inputValue={text}
      onInputValueChange={setText}
      onOpenChange={setOpen}
      items={options}
      itemKey={(option) => option.id}
      renderItem={(option, { selected }) => (
        <>
          <span className="flex-1">{option.label}</span>
          {selected ? <span className="text-slate-700">tagged</span> : null}
        </>
      )}
      selected={tagged}
      onPick={onToggle}
      multiple
      listLabel="Matching products and variants"
      stale={!settled}
      status={
        !open
          ? null
          : results.isError
            ? `The search failed: ${results.error.message}`
            : settled && options.length === 0 && query
              ? `No product matches “${query}”.`
              : null
      }
    />
  )
}
