import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useState } from 'react'
import type { Product } from '../api/generated/types.gen'
import { productSearchQuery } from '../api/queries/products'
import { storesQuery } from '../api/queries/stores'
import { describeError } from './error-panel'

export interface PickedProduct {
  id: string
  name: string
}

export interface ProductPickerValue {
  storeId: string
  products: PickedProduct[]
}

const control =
  'rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-700'
const label = 'block text-sm font-medium text-slate-900'
const hint = 'mt-1 text-sm text-slate-700'

const productLabel = (product: Product) =>
  [product.name ?? product.external_id ?? product.id, product.brand].filter(Boolean).join(' · ')

// Tag products of one store by searching them (a combobox: type, arrows to move, Enter to tag or
// untag, Escape to close). The service resolves tags in a single store, so changing the store
// removes the tags; additions and removals are announced.
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
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [announcement, setAnnouncement] = useState('')
  const [note, setNote] = useState<string | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250)
    return () => clearTimeout(timer)
  }, [text])

  const results = useQuery({
    ...productSearchQuery(storeId, query),
    enabled: open && storeId !== '',
    placeholderData: keepPreviousData,
  })
  const options = open ? (results.data ?? []) : []
  // While a newer search runs the previous results stay in view, but cannot be picked.
  const settled = query === text.trim() && !results.isPlaceholderData
  const tagged = new Set(value.products.map((product) => product.id))
  const listId = `${id}-options`
  const optionId = (index: number) => `${id}-option-${index}`
  const message = note ?? error

  const toggle = (product: Product) => {
    setNote(null)
    if (tagged.has(product.id)) {
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      if (options.length === 0 || !settled) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter') {
      // Enter never submits the surrounding form from here.
      event.preventDefault()
      const product = options[active]
      if (open && settled && product) toggle(product)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const status = !open
    ? null
    : results.isError
      ? `Products cannot be searched: ${describeError(results.error).detail}`
      : results.isPending || !settled
        ? 'Searching…'
        : options.length === 0
          ? query
            ? `No product of this store matches “${query}”.`
            : 'This store has no products.'
          : options.length === 1
            ? '1 product found.'
            : `${options.length} products found${options.length >= 20 ? ' (the first 20; type more to narrow)' : ''}.`

  return (
    <fieldset className="space-y-3">
      <legend className={label}>Product tags</legend>
      <div>
        <label htmlFor={`${id}-store`} className={label}>
          Store
        </label>
        <p id={`${id}-store-hint`} className={hint}>
          Tags come from one store; choosing another store removes them.
        </p>
        <select
          id={`${id}-store`}
          aria-describedby={`${id}-store-hint`}
          className={`mt-1 block w-full ${control}`}
          value={storeId}
          disabled={!stores.data}
          onChange={(event) => {
            const removed = value.products.length
            onChange({ storeId: event.target.value, products: [] })
            setActive(-1)
            if (removed > 0) {
              setAnnouncement(
                `Store changed; ${removed === 1 ? '1 product tag' : `${removed} product tags`} removed`,
              )
            }
          }}
        >
          {stores.data ? null : (
            <option value="">{stores.isError ? 'Unavailable' : 'Loading…'}</option>
          )}
          {stores.data?.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name ?? store.id} ({store.currency})
            </option>
          ))}
        </select>
        {stores.isError ? (
          <p className="mt-1 text-sm font-medium text-red-800">
            Stores cannot be listed: {describeError(stores.error).detail}
          </p>
        ) : null}
      </div>
      <div className="relative">
        <label htmlFor={`${id}-search`} className={label}>
          Find products
        </label>
        <p id={`${id}-search-hint`} className={hint}>
          Name, brand, SKU or GTIN. Arrow keys move through the results, Enter tags or untags.
        </p>
        <input
          id={`${id}-search`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? optionId(active) : undefined}
          aria-describedby={[`${id}-search-hint`, message ? `${id}-error` : null]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={Boolean(message)}
          autoComplete="off"
          className={`mt-1 block w-full ${control}`}
          value={text}
          disabled={!storeId}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Matching products"
          aria-multiselectable="true"
          aria-busy={!settled}
          hidden={options.length === 0}
          className={`${settled ? '' : 'opacity-60'} absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg`}
        >
          {options.map((product, index) => (
            // Focus stays in the search box (aria-activedescendant); the mouse picks too.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            <div
              key={product.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={tagged.has(product.id)}
              className={`flex cursor-pointer justify-between gap-2 px-3 py-1.5 text-sm text-slate-900 ${
                index === active ? 'bg-indigo-100' : 'hover:bg-slate-100'
              }`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => settled && toggle(product)}
            >
              <span>{productLabel(product)}</span>
              {/* aria-selected says it to assistive technology */}
              {tagged.has(product.id) ? (
                <span aria-hidden="true" className="text-slate-700">
                  tagged
                </span>
              ) : null}
            </div>
          ))}
        </div>
        <p role="status" className={status ? hint : 'sr-only'}>
          {status}
        </p>
        {message ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
            {message}
          </p>
        ) : null}
      </div>
      {value.products.length > 0 ? (
        <ul aria-label="Tagged products" className="flex flex-wrap gap-2">
          {value.products.map((product) => (
            <li
              key={product.id}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-900"
            >
              {product.name}
              <button
                type="button"
                aria-label={`Remove ${product.name}`}
                onClick={() => remove(product)}
                className="rounded-full px-1.5 text-slate-700 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No products tagged.</p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  )
}
