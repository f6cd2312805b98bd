import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { IndexFilterBar } from './index-filter-bar'
import type { IndexFilterProps } from './index-filters'
import { ProductFilterDialog } from './product-filter-dialog'

type Readiness = '' | 'attention' | 'untagged'

/** The index's filters: readiness, the products shown, and what is filtered now. */
export function IndexFilterPanel({ search, onChange, status }: IndexFilterProps) {
  const [picking, setPicking] = useState(false)
  const readiness: Readiness = search.attention ? 'attention' : search.untagged ? 'untagged' : ''
  return (
    <div id="index-filters" className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col text-xs font-medium text-slate-700">
          <label htmlFor="filter-readiness">Readiness</label>
          <Select
            id="filter-readiness"
            value={readiness}
            onChange={(event) => {
              const value = event.target.value as Readiness
              onChange({
                attention: value === 'attention' || undefined,
                untagged: value === 'untagged' || undefined,
              })
            }}
            controlSize="sm"
            className="mt-1 font-normal"
          >
            <option value="">Any</option>
            <option value="attention">Needs attention</option>
            <option value="untagged">No product</option>
          </Select>
        </div>
        <Button size="sm" onClick={() => setPicking(true)}>
          Filter by product…
        </Button>
      </div>
      <IndexFilterBar search={search} onChange={onChange} status={status} />
      {picking && (
        <ProductFilterDialog
          search={search}
          onApply={(patch) => {
            setPicking(false)
            onChange(patch)
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  )
}
