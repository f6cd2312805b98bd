import * as z from 'zod'
import { dashboardApi } from './dashboard-api'
import { type SavedView, type SavedViewSearch, savedViewSchema } from './saved-views'

// Saving, changing and deleting saved views: apart from the list, so that this code loads with
// the save dialog rather than with the sidebar. The server checks bodies with these schemas, in
// zod, which the first screen does not load (src/lib/search-params.ts says why).

export const savedViewNameMax = 60
/**
 * The search params a view keeps, as JSON. The library's longest (20 products and 20 variants of
 * 100 characters, the longest text search and hashtag) is about 4.6 KB.
 */
export const savedViewSearchMaxBytes = 8192

/** The library's URL search params as a view keeps them. */
export const savedViewSearchSchema: z.ZodType<SavedViewSearch> = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())], {
    error: 'give a string, a number, true or false, or a list of strings',
  }),
  { error: 'give an object of search params' },
)

const nameError = `give 1 to ${savedViewNameMax} characters`
const name = z
  .string({ error: nameError })
  .trim()
  .min(1, { error: nameError })
  .max(savedViewNameMax, { error: nameError })
const search = savedViewSearchSchema.refine(
  (params) => new TextEncoder().encode(JSON.stringify(params)).length <= savedViewSearchMaxBytes,
  { error: `at most ${savedViewSearchMaxBytes} bytes as JSON` },
)

export const newSavedViewSchema = z.object({
  name,
  shared: z.boolean({ error: 'give true or false' }),
  search,
})
export type NewSavedView = z.input<typeof newSavedViewSchema>

export const savedViewChangeSchema = newSavedViewSchema
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: 'give a name, shared or search to change',
  })
export type SavedViewChange = z.input<typeof savedViewChangeSchema>

const viewPath = (id: string) => `/api/dashboard/views/${encodeURIComponent(id)}`

/** Saves the search under a name; a name already taken is refused with the server's words. */
export const saveView = (view: NewSavedView): Promise<SavedView> =>
  dashboardApi('/api/dashboard/views', { method: 'POST', body: view, schema: savedViewSchema })

/** Renames, re-saves or shares (or stops sharing) a view. */
export const changeView = (id: string, change: SavedViewChange): Promise<SavedView> =>
  dashboardApi(viewPath(id), { method: 'PATCH', body: change, schema: savedViewSchema })

export const deleteView = (id: string): Promise<void> =>
  dashboardApi<null>(viewPath(id), { method: 'DELETE' }).then(() => undefined)
