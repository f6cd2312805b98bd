import * as v from 'valibot'
import { searchText } from '@/lib/search-params'

// The catalog's search lives in the URL, so a search can be shared and restored with Back.
export const catalogSearchSchema = v.object({
  q: searchText(200),
})

export type CatalogSearch = v.InferOutput<typeof catalogSearchSchema>
