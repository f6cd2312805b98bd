import * as v from 'valibot'

// Saved views of the library (issue 21), answered by the dashboard server at
// /api/dashboard/views. Only the answers are here: the sidebar, in the first chunk, lists them;
// what a save sends is in saved-view-writes.ts, loaded with the save dialog. In valibot, as the
// first screen's schemas are (src/lib/search-params.ts says why).

/**
 * The library's URL search params as they were saved. The server keeps them without reading them,
 * so opening a view passes them through the library's own schema, which drops bad values.
 */
const searchAsSaved = v.record(
  v.string(),
  v.union([v.string(), v.number(), v.boolean(), v.array(v.string())]),
)
export type SavedViewSearch = v.InferOutput<typeof searchAsSaved>

export const savedViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Listed for the whole team; otherwise only its owner sees it. */
  shared: v.boolean(),
  search: searchAsSaved,
  /** The owner's email. */
  owner: v.string(),
  /** Whether the signed-in person owns it. */
  mine: v.boolean(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type SavedView = v.InferOutput<typeof savedViewSchema>

/** Shared views first, then one's own, each by name. */
export const savedViewListSchema = v.object({ views: v.array(savedViewSchema) })
