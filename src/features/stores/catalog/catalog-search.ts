import * as z from 'zod/mini'
import { searchText } from '@/lib/search-params'

// The catalog's search lives in the URL, so a search can be shared and restored with Back.
export const catalogSearchSchema = z.object({
  q: searchText(200),
})

export type CatalogSearch = z.output<typeof catalogSearchSchema>
