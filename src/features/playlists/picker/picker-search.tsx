import { useCallback } from 'react'
import { SearchBox } from '@/components/ui/search-box'
import { FiltersBar } from '@/components/video/filters-bar'
import type { VideoSearch } from '@/lib/video-search'

// The library's caption search and filters, held by a dialog instead of the URL.
export function PickerSearch({
  search,
  onChange,
}: {
  search: VideoSearch
  onChange: (update: (previous: VideoSearch) => VideoSearch) => void
}) {
  const onSearch = useCallback(
    (q: string) => onChange((previous) => ({ ...previous, q: q || undefined })),
    [onChange],
  )
  return (
    <>
      <SearchBox
        id="picker-search"
        placeholder="Search captions"
        value={search.q ?? ''}
        onSearch={onSearch}
      />
      <FiltersBar
        search={search}
        onChange={(patch) => onChange((previous) => ({ ...previous, ...patch }))}
      />
    </>
  )
}
