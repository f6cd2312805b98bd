import * as z from 'zod/mini'
import type { RunFilter } from '@/api/queries/rules'

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

const id = z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined)

export const runsSearchSchema = z.object({
  rule: id,
  video: id,
  outcome: z.catch(z.optional(z.enum(outcomes)), undefined),
  /** The run shown open. */
  run: id,
})

export type RunsSearch = z.output<typeof runsSearchSchema>
