import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import type { BusinessStoreListItem } from '@/api/generated/types.gen'
import { storesQuery } from '@/api/queries/stores'
import { describeError } from './error-panel'
import { FieldShell } from './ui/field'
import { Select } from './ui/select'

type StoreFacts = Pick<BusinessStoreListItem, 'id' | 'name' | 'currency'>

/** "Aurora EU Store (EUR)": a store as pickers and suggestions name it, with its currency. */
export const storeLabel = (store: Pick<StoreFacts, 'name' | 'currency'>) =>
  `${store.name?.trim() || 'Unnamed store'} (${store.currency})`

/** The business's stores by id, to name the store of a product (undefined until listed). */
export function useStoresById(): ReadonlyMap<string, StoreFacts> | undefined {
  const stores = useQuery(storesQuery())
  return useMemo(
    () => (stores.data ? new Map(stores.data.map((store) => [store.id, store])) : undefined),
    [stores.data],
  )
}

/** The store chosen by default: the business's first (the service's default for tagging). */
export function useDefaultStoreId(): string {
  const stores = useQuery(storesQuery())
  return stores.data?.at(-1)?.id ?? ''
}

// One of the business's stores, named with its currency (tags are looked up in one store).
export function StoreSelect({
  id,
  label = 'Store',
  hint,
  value,
  onChange,
}: {
  id: string
  label?: string
  hint?: ReactNode
  value: string
  onChange: (storeId: string) => void
}) {
  const stores = useQuery(storesQuery())
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      error={
        stores.isError ? `Stores cannot be listed: ${describeError(stores.error).detail}` : null
      }
    >
      {(a11y) => (
        <Select
          {...a11y}
          value={value}
          disabled={!stores.data}
          onChange={(event) => onChange(event.target.value)}
        >
          {stores.data ? null : (
            <option value="">{stores.isError ? 'Unavailable' : 'Loading…'}</option>
          )}
          {stores.data?.map((store) => (
            <option key={store.id} value={store.id}>
              {storeLabel(store)}
            </option>
          ))}
        </Select>
      )}
    </FieldShell>
  )
}
