import * as z from 'zod/mini'
import type { ProductSort } from '@/api/merch-index'

// Which list is shown, and how products are sorted, live in the URL: a view can be shared and
// Back returns to it. The sorts are written out (checked against the API's) rather than imported:
// this schema is in the first screen's code, the API module's schemas are not.
const sorts = ['name', 'brand', 'price', 'quantity'] as const satisfies readonly ProductSort[]

export const coverageSearchSchema = z.object({
  show: z.catch(z.optional(z.enum(['products', 'videos', 'tags'])), undefined),
  sort: z.catch(z.optional(z.enum(sorts)), undefined),
  order: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
})

export type CoverageSearch = z.output<typeof coverageSearchSchema>
