import { lazy, Suspense, useState } from 'react'
import type { IndexStatus } from '@/api/merch-index'
import { Button } from '@/components/ui/button'
import type { LibrarySearch } from './library-search'

// Loaded when first wanted: the library's first screen has no budget for it.
const IndexFilterPanel = lazy(() =>
  import('./index-filter-panel').then((module) => ({ default: module.IndexFilterPanel })),
)

/** What the index's filters show and change: the search, and the index's last answer. */
export interface IndexFilterProps {
  search: LibrarySearch
  onChange: (patch: Partial<LibrarySearch>) => void
  /** How fresh the index's answer is, once it has come. */
  status: IndexStatus | undefined
}

/**
 * The filters only the dashboard's index answers (by product, readiness, publication state),
 * behind one button; open whenever the URL holds one.
 */
export function IndexFilters({ search, onChange, status }: IndexFilterProps) {
  const [wanted, setWanted] = useState(false)
  const active = Boolean(
    search.product || search.variant || search.state || search.attention || search.untagged,
  )
  const open = wanted || active
  return (
    <>
      <Button
        size="sm"
        variant="quiet"
        aria-expanded={open}
        aria-controls="index-filters"
        onClick={() => setWanted(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        Products and readiness filters
      </Button>
      {open && (
        <Suspense fallback={null}>
          <IndexFilterPanel search={search} onChange={onChange} status={status} />
        </Suspense>
      )}
    </>
  )
}
