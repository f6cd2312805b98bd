import * as v from 'valibot'
import type { ProductSort } from '@/api/merch-index'
import { optionalParam } from '@/lib/search-params'

// Which list is shown, and how products are sorted, live in the URL: a view can be shared and
// Back returns to it. The sorts are written out (checked against the API's) rather than imported:
// this schema is in the first screen's code, the API module's schemas are not.
const sorts = ['name', 'brand', 'price', 'quantity'] as const satisfies readonly ProductSort[]

export const coverageSearchSchema = v.object({
  show: optionalParam(v.picklist(['products', 'videos', 'tags'])),
  sort: optionalParam(v.picklist(sorts)),
  order: optionalParam(v.picklist(['asc', 'desc'])),
})

export type CoverageSearch = v.InferOutput<typeof coverageSearchSchema>
