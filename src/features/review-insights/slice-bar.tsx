import { useState } from 'react'
import type { Calibration } from '@/api/review'
import { Button } from '@/components/ui/button'
import { FieldShell } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'
import type { PeriodSearch } from './insights-search'

export interface Slice extends PeriodSearch {
  store?: string | undefined
  category?: string | undefined
}

/** The period's two days, for the calibration's and the reviewer page's filters alike. */
export function PeriodFields({
  idPrefix,
  draft,
  onChange,
}: {
  idPrefix: string
  draft: PeriodSearch
  onChange: (next: PeriodSearch) => void
}) {
  return (
    <>
      <FieldShell id={`${idPrefix}-from`} label="From (day)">
        {(a11y) => (
          <TextInput
            {...a11y}
            type="date"
            value={draft.from ?? ''}
            onChange={(event) => onChange({ ...draft, from: event.target.value || undefined })}
          />
        )}
      </FieldShell>
      <FieldShell id={`${idPrefix}-to`} label="To (day)">
        {(a11y) => (
          <TextInput
            {...a11y}
            type="date"
            value={draft.to ?? ''}
            onChange={(event) => onChange({ ...draft, to: event.target.value || undefined })}
          />
        )}
      </FieldShell>
    </>
  )
}

/**
 * Which decisions the calibration counts: one store, one product category, a period. Applied
 * together, so choosing three things asks the server once.
 */
export function SliceBar({
  slice,
  slices,
  onChange,
}: {
  slice: Slice
  slices: Calibration['slices']
  onChange: (slice: Slice) => void
}) {
  const [draft, setDraft] = useState(slice)
  const sliced = Boolean(slice.store || slice.category || slice.from || slice.to)
  // A slice from a shared link may name a store or category with no decisions here: still shown.
  const stores =
    !slice.store || slices.stores.some((store) => store.id === slice.store)
      ? slices.stores
      : [...slices.stores, { id: slice.store, name: null }]
  const categories =
    !slice.category || slices.categories.includes(slice.category)
      ? slices.categories
      : [...slices.categories, slice.category]
  return (
    <form
      aria-label="Slice the calibration"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        onChange(draft)
      }}
    >
      <FieldShell id="calibration-store" label="Store">
        {(a11y) => (
          <Select
            {...a11y}
            value={draft.store ?? ''}
            onChange={(event) => setDraft({ ...draft, store: event.target.value || undefined })}
          >
            <option value="">Every store</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name ?? store.id}
              </option>
            ))}
          </Select>
        )}
      </FieldShell>
      <FieldShell id="calibration-category" label="Product category">
        {(a11y) => (
          <Select
            {...a11y}
            value={draft.category ?? ''}
            onChange={(event) => setDraft({ ...draft, category: event.target.value || undefined })}
          >
            <option value="">Every category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        )}
      </FieldShell>
      <PeriodFields
        idPrefix="calibration"
        draft={draft}
        onChange={(period) => setDraft({ ...draft, ...period })}
      />
      <Button type="submit">Apply</Button>
      {sliced ? (
        <Button
          variant="quiet"
          onClick={() => {
            const all = { store: undefined, category: undefined, from: undefined, to: undefined }
            setDraft(all)
            onChange(all)
          }}
        >
          Show every decision
        </Button>
      ) : null}
    </form>
  )
}
