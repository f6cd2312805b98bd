import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Product } from '../api/generated/types.gen'
import { productSearchQuery } from '../api/queries/products'
import { storesQuery } from '../api/queries/stores'
import { describeError } from './error-panel'
import { StoreSelect } from './store-select'
import { Combobox } from './ui/combobox'
import { labelClasses } from './ui/control-styles'
import { TagList } from './ui/tag-list'

export interface PickedProduct {
  id: string
  name: string
}

export interface ProductPickerValue {
  storeId: string
  products: PickedProduct[]
}

const productLabel = (product: Product) =>
  [product.name ?? product.external_id ?? product.id, product.brand].filter(Boolean).join(' · ')

const searchDelayMs = 250

// Tag products of one store by searching them. The service resolves tags in a single store, so
// changing the store removes the tags; additions and removals are announced.
export function ProductPicker({
  id,
  value,
  onChange,
  max,
  error,
}: {
  id: string
  value: ProductPickerValue
  onChange: (value: ProductPickerValue) => void
  max: number
  error?: string
}) {
  const stores = useQuery(storesQuery())
  // Without a (known) choice, the service's default: the business's first store (the list is
  // newest first).
  const known = !stores.data || stores.data.some((store) => store.id === value.storeId)
  const storeId = (value.storeId && known ? value.storeId : stores.data?.at(-1)?.id) ?? ''
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [note, setNote] = useState<string | null>(null)
  // Searched only once the list is opened, so the screen does not ask for products up front.
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
  const options = results.data ?? []
  // While a newer search runs the previous results stay in view, but cannot be picked.
  const settled = query === text.trim() && !results.isPlaceholderData
  const tagged = value.products.map((product) => product.id)

  const toggle = (product: Product) => {
    setNote(null)
    if (tagged.includes(product.id)) {
      onChange({ storeId, products: value.products.filter((p) => p.id !== product.id) })
      return setAnnouncement(`Removed ${productLabel(product)}`)
    }
    if (value.products.length >= max) return setNote(`Tag at most ${max} products.`)
    onChange({
      storeId,
      products: [...value.products, { id: product.id, name: productLabel(product) }],
    })
    setAnnouncement(`Tagged ${productLabel(product)}`)
  }

  const remove = (product: PickedProduct) => {
    onChange({ storeId, products: value.products.filter((p) => p.id !== product.id) })
    setNote(null)
    setAnnouncement(`Removed ${product.name}`)
    document.getElementById(`${id}-search`)?.focus()
  }

  return (
    <fieldset className="space-y-3">
      <legend className={labelClasses}>Product tags</legend>
      <StoreSelect
        id={`${id}-store`}
        hint="Tags come from one store; choosing another store removes them."
        value={storeId}
        onChange={(next) => {
          const removed = value.products.length
          onChange({ storeId: next, products: [] })
          if (removed > 0) {
            setAnnouncement(
              `Store changed; ${removed === 1 ? '1 product tag' : `${removed} product tags`} removed`,
            )
          }
        }}
      />
      <Combobox
        id={`${id}-search`}
        label="Find products"
        hint="Name, brand, SKU or GTIN. Arrow keys move through the results, Enter tags or untags."
        error={note ?? error}
        disabled={!storeId}
        inputValue={text}
        onInputValueChange={setText}
        onOpenChange={setOpen}
        items={options}
        itemKey={(product) => product.id}
        renderItem={(product, { selected }) => (
          <>
            <span className="flex-1">{productLabel(product)}</span>
            {/* aria-selected says it to assistive technology */}
            {selected ? (
              <span aria-hidden="true" className="text-slate-700">
                tagged
              </span>
            ) : null}
          </>
        )}
        selected={tagged}
        multiple
        onPick={toggle}
        listLabel="Matching products"
        stale={!settled}
        status={searchStatus(results, options.length, query, settled)}
      />
      {value.products.length > 0 ? (
        <TagList
          label="Tagged products"
          tags={value.products.map((product) => ({ key: product.id, label: product.name }))}
          onRemove={(key) => {
            const product = value.products.find((p) => p.id === key)
            if (product) remove(product)
          }}
        />
      ) : (
        <p className="text-sm text-slate-700">No products tagged.</p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  )
}

function searchStatus(
  results: { isError: boolean; error: unknown; isPending: boolean },
  count: number,
  query: string,
  settled: boolean,
) {
  if (results.isError) return `Products cannot be searched: ${describeError(results.error).detail}`
  if (results.isPending || !settled) return 'Searching…'
  if (count === 0)
    return query ? `No product of this store matches “${query}”.` : 'This store has no products.'
  if (count === 1) return '1 product found.'
  return `${count} products found${count >= 20 ? ' (the first 20; type more to narrow)' : ''}.`
}
