import * as v from 'valibot'
import { optionalParam, searchText } from '@/lib/search-params'

// The playlist page's view in the URL: a search within the playlist, only the videos the feed
// hides, or the public view at a page. Invalid values fall back instead of failing the page.
export const playlistPageSearchSchema = v.object({
  q: searchText(200),
  hidden: optionalParam(v.boolean()),
  public: optionalParam(v.boolean()),
  page: optionalParam(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
})

export type PlaylistPageSearch = v.InferOutput<typeof playlistPageSearchSchema>
