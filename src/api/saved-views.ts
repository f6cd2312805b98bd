import * as z from 'zod/mini'

// Saved views of the library (issue 21), answered by the dashboard server at
// /api/dashboard/views. Only the answers are here: the sidebar, in the first chunk, lists them;
// what a save sends is in saved-view-writes.ts, loaded with the save dialog.

/**
 * The library's URL search params as they were saved. The server keeps them without reading them,
 * so opening a view passes them through the library's own schema, which drops bad values.
 */
const searchAsSaved = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
)
export type SavedViewSearch = z.infer<typeof searchAsSaved>

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Listed for the whole team; otherwise only its owner sees it. */
  shared: z.boolean(),
  search: searchAsSaved,
  /** The owner's email. */
  owner: z.string(),
  /** Whether the signed-in person owns it. */
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type SavedView = z.infer<typeof savedViewSchema>

/** Shared views first, then one's own, each by name. */
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) })
