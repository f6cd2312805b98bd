import * as v from 'valibot'
import type { RunFilter } from '@/api/queries/rules'
import { boundedText, optionalParam } from '@/lib/search-params'

// The runs' filters live in the URL (a filtered view can be shared, Back returns to it). Written
// out rather than imported: the route's schema is in the first screen's code, the rules' API
// module (zod's full build) is not; the type check keeps the two lists the same.
const outcomes = [
  'applied',
  'no_match',
  'failed',
  'partly_failed',
  'skipped',
  'running',
] as const satisfies readonly NonNullable<RunFilter['outcome']>[]

const id = optionalParam(boundedText(100, 1))

export const runsSearchSchema = v.object({
  rule: id,
  video: id,
  outcome: optionalParam(v.picklist(outcomes)),
  /** The run shown open. */
  run: id,
})

export type RunsSearch = v.InferOutput<typeof runsSearchSchema>
