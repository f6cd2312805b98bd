import * as v from 'valibot'
import { VideoAccess, VideoStatus, VideoType } from '@/api/generated/types.gen'
import type { VideoFilters } from '@/api/queries/videos'
import { optionalParam, searchText } from '@/lib/search-params'

// A search of a channel's videos as the library's URL holds it (and the playlist picker reuses):
// invalid values fall back instead of failing the page.
export const videoSearchSchema = v.object({
  q: searchText(200),
  status: optionalParam(v.enum(VideoStatus)),
  access: optionalParam(v.enum(VideoAccess)),
  published: optionalParam(v.boolean()),
  archived: optionalParam(v.boolean()),
  hashtag: searchText(100),
  type: optionalParam(v.enum(VideoType)),
})

export type VideoSearch = v.InferOutput<typeof videoSearchSchema>

// URL search params to the list request's filters; absent values are left out so equal views
// share one cache entry.
export function toFilters(search: VideoSearch): VideoFilters {
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
