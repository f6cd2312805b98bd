import type { VideoFilters } from '../queries'

export interface LibrarySearch {
  channel?: string
  q?: string
  status?: 'pending' | 'approved' | 'errored'
  access?: 'public' | 'private' | 'unlisted'
  published?: boolean
  archived?: boolean
  hashtag?: string
  type?: 'video' | 'live_stream'
  view?: 'grid' | 'table'
}

// URL search params to the list request's filters; absent values are left out so equal views
// share one cache entry.
export function toFilters(search: LibrarySearch): VideoFilters {
  const filters: VideoFilters = {}
  if (search.q) filters.q = search.q
  if (search.status) filters.status = search.status
  if (search.access) filters.access = search.access
  if (search.published !== undefined) filters.published = search.published
  if (search.archived) filters.archived = true
  if (search.hashtag) filters.hashtag = search.hashtag
  if (search.type) filters.video_type = search.type
  return filters
}
