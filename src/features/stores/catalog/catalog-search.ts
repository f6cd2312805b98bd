import * as z from 'zod/mini'

// The catalog's search lives in the URL, so a search can be shared and restored with Back.
export const catalogSearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
})

export type CatalogSearch = z.output<typeof catalogSearchSchema>
