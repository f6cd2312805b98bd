import { lazy, Suspense, useState } from 'react'
import type { IndexStatus } from '@/api/merch-index'
import { Button } from '@/components/ui/button'
import type { LibrarySearch } from './library-search'

// Loaded when first wanted: the library's first screen has no budget for it.
const IndexFilterPanel = lazy(() =>
  import('./index-filter-panel').then((module) => ({ default: module.IndexFilterPanel })),
)

/**
 * The filters only the dashboard's index answers (by product, readiness, publication state),
 * behind one button; open whenever the URL holds one.
 */
export function IndexFilters({
  search,
  onChange,
  status,
}: {
  search: LibrarySearch
  onChange: (patch: Partial<LibrarySearch>) => void
  status: IndexStatus | undefined
}) {
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
