import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { Product } from '@/api/generated/types.gen'
import { productSearchQuery } from '@/api/queries/products'
import { priceRange, productLabel, unitName, unitPrice } from '@/lib/product-facts'
import { useHasStood } from '@/lib/use-has-stood'
import { ProductImage } from '../product-image'
import { Combobox } from '../ui/combobox'

export interface TagOption {
  kind: 'product' | 'variant'
  id: string
  /** The product's name and brand. */
  name: string
  /** What the option tags: the whole product, or the variant (with its SKU). */
  detail: string
  price: string | null
  product: Product
}

export const optionLabel = (option: TagOption) => `${option.name} — ${option.detail}`

function optionsOf(products: readonly Product[], withVariants: boolean): TagOption[] {
  return products.flatMap((product) => {
    const name = productLabel(product)
    // A simple product's one unit is the product itself: only real choices are offered.
    const variants = withVariants && product.units.length > 1 ? product.units : []
    return [
      {
        kind: 'product' as const,
        id: product.id,
        name,
        detail: `whole product${product.units.length > 1 ? `, ${product.units.length} variants` : ''}`,
        price: priceRange(product),
        product,
      },
      ...variants.map((unit) => ({
        kind: 'variant' as const,
        id: unit.id,
        name,
        detail: `${unitName(unit)}${unit.sku ? ` · ${unit.sku}` : ''}`,
        price: unitPrice(product, unit),
        product,
      })),
    ]
  })
}

// Products of the store by name, brand or identifier; each offered whole or as one of its
// variants (indented under it). Picking one tags it, picking it again untags it.
export function TagSearch({
  id,
  storeId,
  tagged,
  onToggle,
  wholeProductsOnly = false,
  error,
  label = 'Find products to tag',
  pickWord = 'tags',
}: {
  id: string
  storeId: string
  tagged: readonly string[]
  onToggle: (option: TagOption) => void
  /** Offer products only, not their variants (a bulk tag of many videos). */
  wholeProductsOnly?: boolean
  error?: string | null
  label?: string
  /** What Enter does to the highlighted product, in the hint ("tags", "picks"). */
  pickWord?: string
}) {
  const [text, setText] = useState('')
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  // Each keystroke asks; the request it replaces is cancelled (the query's signal) and the
  // options shown stay until the new ones arrive.
  const query = text.trim()
  const results = useQuery({
    ...productSearchQuery(storeId, query),
    enabled: open && storeId !== '',
    placeholderData: keepPreviousData,
  })
  const options = useMemo(
    () => optionsOf(results.data ?? [], !wholeProductsOnly),
    [results.data, wholeProductsOnly],
  )
  const settled = results.isSuccess && !results.isPlaceholderData
  // Pictures wait for a pause in typing, as the catalog's do.
  const pictures = useHasStood(query)
  const renderOption = useCallback(
    (option: TagOption, { selected }: { selected: boolean }) => (
      <OptionRow option={option} selected={selected} pictures={pictures} />
    ),
    [pictures],
  )
  return (
    <Combobox<TagOption>
      id={id}
      label={label}
      hint={`Name, brand, SKU, GTIN, MPN, barcode or external id. Enter ${pickWord} or un${pickWord} the highlighted one.`}
      error={error}
      disabled={!storeId}
      inputValue={text}
      onInputValueChange={(typed) => {
        // Asked for in the keystroke itself, before the render that would ask (as the catalog
        // does); the list then takes over this request.
        if (storeId) void queryClient.prefetchQuery(productSearchQuery(storeId, typed.trim()))
        setText(typed)
      }}
      onOpenChange={setOpen}
      items={options}
      itemKey={optionKey}
      renderItem={renderOption}
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

const optionKey = (option: TagOption) => option.id
function OptionRow({
  option,
  selected,
  pictures,
}: {
  option: TagOption
  selected: boolean
  pictures: boolean
}) {
  const variant = option.kind === 'variant'
  return (
    <span className={`flex flex-1 items-center gap-2 ${variant ? 'pl-10' : ''}`}>
      {variant ? null : <ProductImage product={option.product} size="sm" load={pictures} />}
      <span className="min-w-0 flex-1">
        {variant ? (
          <span className="sr-only">{option.name} — </span>
        ) : (
          <span className="font-medium">{option.name} — </span>
        )}
        <span className={variant ? '' : 'text-slate-700'}>{option.detail}</span>
      </span>
      {option.price ? <span className="text-slate-700">{option.price}</span> : null}
      {selected ? <span className="text-slate-700">tagged</span> : null}
    </span>
  )
}
