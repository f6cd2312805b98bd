import * as z from 'zod/mini'
import { VideoAccess, VideoStatus, VideoType } from '../../../api/generated/types.gen'
import type { VideoFilters } from '../queries'

// Every filter, the search and the view live in the URL, so a view can be bookmarked, shared and
// restored with Back. Invalid values fall back instead of failing the page.
export const librarySearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  status: z.catch(z.optional(z.enum(VideoStatus)), undefined),
  access: z.catch(z.optional(z.enum(VideoAccess)), undefined),
  published: z.catch(z.optional(z.boolean()), undefined),
  archived: z.catch(z.optional(z.boolean()), undefined),
  hashtag: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  type: z.catch(z.optional(z.enum(VideoType)), undefined),
  view: z.catch(z.optional(z.enum(['grid', 'table'])), undefined),
})

/** The library's own search params (the channel, shared by every screen, is the root route's). */
export type LibrarySearch = z.output<typeof librarySearchSchema>

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
