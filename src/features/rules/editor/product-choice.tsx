import { useState } from 'react'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { TagSearch } from '@/components/product-tags/tag-search'
import { StoreSelect, useDefaultStoreId } from '@/components/store-select'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { useLockReason } from './edit-lock'

// Products chosen for a rule (a condition's one product, an action's several): found in one store
// at a time with the library's own product search, each named and removable.
export function ProductChoice({
  id,
  label,
  value,
  onChange,
  single = false,
  error,
}: {
  id: string
  label: string
  value: readonly string[]
  onChange: (ids: string[]) => void
  single?: boolean
  error?: string | undefined
}) {
  const defaultStore = useDefaultStoreId()
  const [chosenStore, setStore] = useState('')
  const storeId = chosenStore || defaultStore
  const labels = useStoreTagLabels({ products: value, variants: [] })
  const lock = useLockReason()
  return (
    <div className="space-y-2">
      {lock ? null : (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <StoreSelect id={`${id}-store`} label="Store" value={storeId} onChange={setStore} />
          <TagSearch
            id={id}
            storeId={storeId}
            label={label}
            pickWord="picks"
            wholeProductsOnly
            tagged={value}
            error={error}
            onToggle={(option) =>
              onChange(
                value.includes(option.id)
                  ? value.filter((each) => each !== option.id)
                  : single
                    ? [option.id]
                    : [...value, option.id],
              )
            }
          />
        </div>
      )}
      {value.length > 0 ? (
        <ul aria-label={`${label}: chosen`} className="space-y-1 text-sm">
          {value.map((productId) => {
            const name = labels.get(productId)?.label ?? productId
            return (
              <li key={productId} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{name}</span>
                <Button
                  size="sm"
                  variant="quiet"
                  unavailableReason={lock}
                  onClick={() => onChange(value.filter((each) => each !== productId))}
                >
                  Remove<span className="sr-only"> {name}</span>
                </Button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No product chosen yet.</p>
      )}
      {lock ? <FieldError id={id} message={error} /> : null}
    </div>
  )
}
