import * as v from 'valibot'
import type { PlaylistFilters } from '@/api/queries/playlists'
import { optionalParam, searchText } from '@/lib/search-params'

// The list's search and archive filter live in the URL (the channel is the root route's).
export const playlistListSearchSchema = v.object({
  q: searchText(200),
  archived: optionalParam(v.boolean()),
  // Opens the new-playlist dialog (the command palette's "New playlist"); dropped once open.
  create: optionalParam(v.boolean()),
})

export type PlaylistListSearch = v.InferOutput<typeof playlistListSearchSchema>

/** Absent values are left out, so equal views share one cache entry. */
export function toPlaylistFilters(search: PlaylistListSearch): PlaylistFilters {
  const filters: PlaylistFilters = {}
  if (search.q) filters.q = search.q
  if (search.archived) filters.archived = true
  return filters
}
