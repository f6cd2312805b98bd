import * as z from 'zod/mini'
import type { IndexedVideoFilter } from '@/api/merch-index'
import { videoSearchSchema } from '@/lib/video-search'

const tagIds = z.catch(
  z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(20))),
  undefined,
)
const flag = z.catch(z.optional(z.boolean()), undefined)

// Every filter, the search and the view live in the URL, so a view can be bookmarked, shared,
// saved and restored with Back.
export const librarySearchSchema = z.extend(videoSearchSchema, {
  view: z.catch(z.optional(z.enum(['grid', 'table'])), undefined),
  // Answered by the dashboard's index (decision 0019), which the service's list cannot: the videos
  // showing products or variants (any of them, or all), showing none, by publication state, or
  // failing the team's required checks.
  product: tagIds,
  variant: tagIds,
  match: z.catch(z.optional(z.enum(['all'])), undefined),
  untagged: flag,
  attention: flag,
  state: z.catch(z.optional(z.enum(['draft', 'scheduled', 'live'])), undefined),
})

/** The library's own search params (the channel, shared by every screen, is the root route's). */
export type LibrarySearch = z.output<typeof librarySearchSchema>

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
