import * as z from 'zod/mini'
import { videoSearchSchema } from '@/lib/video-search'

// Every filter, the search and the view live in the URL, so a view can be bookmarked, shared and
// restored with Back.
export const librarySearchSchema = z.extend(videoSearchSchema, {
  view: z.catch(z.optional(z.enum(['grid', 'table'])), undefined),
})

/** The library's own search params (the channel, shared by every screen, is the root route's). */
export type LibrarySearch = z.output<typeof librarySearchSchema>
