import * as v from 'valibot'
import type { IndexedVideoFilter } from '@/api/merch-index'
import { boundedText, optionalParam } from '@/lib/search-params'
import { videoSearchSchema } from '@/lib/video-search'

const tagIds = optionalParam(v.pipe(v.array(boundedText(100, 1)), v.maxLength(20)))
const flag = optionalParam(v.boolean())

// Every filter, the search and the view live in the URL, so a view can be bookmarked, shared,
// saved and restored with Back.
export const librarySearchSchema = v.object({
  ...videoSearchSchema.entries,
  view: optionalParam(v.picklist(['grid', 'table'])),
  // Answered by the dashboard's index (decision 0019), which the service's list cannot: the videos
  // showing products or variants (any of them, or all), showing none, by publication state, or
  // failing the team's required checks.
  product: tagIds,
  variant: tagIds,
  match: optionalParam(v.picklist(['all'])),
  untagged: flag,
  attention: flag,
  state: optionalParam(v.picklist(['draft', 'scheduled', 'live'])),
})

/** The library's own search params (the channel, shared by every screen, is the root route's). */
export type LibrarySearch = v.InferOutput<typeof librarySearchSchema>

const indexKeys = ['product', 'variant', 'match', 'untagged', 'attention', 'state'] as const
const serviceKeys = ['status', 'access', 'published', 'archived', 'hashtag', 'type'] as const

/** The index's filter the search asks for, or null when the service's list answers it. */
export function indexFilterOf(search: LibrarySearch): IndexedVideoFilter | null {
  const products = [...(search.product ?? []), ...(search.variant ?? [])]
  if (products.length === 0 && !search.untagged && !search.attention && !search.state) return null
  return {
    products,
    match: search.match ?? 'any',
    untagged: search.untagged === true,
    ...(search.attention ? { attention: true } : {}),
    ...(search.state ? { state: search.state } : {}),
    ...(search.q ? { q: search.q } : {}),
  }
}

/**
 * The search after a change. The index and the service answer apart, so choosing a filter of one
 * drops the other's (the text search and the view carry over).
 */
export function changeSearch(search: LibrarySearch, patch: Partial<LibrarySearch>): LibrarySearch {
  const next: LibrarySearch = { ...search, ...patch }
  const sets = (keys: readonly (keyof LibrarySearch)[]) =>
    keys.some((key) => key in patch && patch[key] !== undefined)
  const drop = sets(indexKeys) ? serviceKeys : sets(serviceKeys) ? indexKeys : []
  for (const key of drop) delete next[key]
  if (!next.product?.length) delete next.product
  if (!next.variant?.length) delete next.variant
  if (!next.product && !next.variant) delete next.match
  return next
}
