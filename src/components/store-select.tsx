import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { storesQuery } from '@/api/queries/stores'
import { describeError } from './error-panel'
import { FieldShell } from './ui/field'
import { Select } from './ui/select'

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
              {store.name ?? store.id} ({store.currency})
            </option>
          ))}
        </Select>
      )}
    </FieldShell>
  )
}
