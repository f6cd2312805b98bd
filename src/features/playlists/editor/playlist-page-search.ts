import * as z from 'zod/mini'
import { searchText } from '@/lib/search-params'

// The playlist page's view in the URL: a search within the playlist, only the videos the feed
// hides, or the public view at a page. Invalid values fall back instead of failing the page.
export const playlistPageSearchSchema = z.object({
  q: searchText(200),
  hidden: z.catch(z.optional(z.boolean()), undefined),
  public: z.catch(z.optional(z.boolean()), undefined),
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
})

export type PlaylistPageSearch = z.output<typeof playlistPageSearchSchema>
