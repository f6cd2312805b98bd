import * as z from 'zod/mini'

// The insights pages' state in the URL, so a slice can be shared and Back returns to it. Written
// with zod/mini alone: these schemas are in the first screen's code, the review API's are not.

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)
const name = z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined)
const score = z.catch(
  z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
  undefined,
)

/** The period, days inclusive (UTC). */
export const periodSearchSchema = z.object({ from: day, to: day })
export type PeriodSearch = z.output<typeof periodSearchSchema>

export const calibrationSearchSchema = z.object({
  store: name,
  category: name,
  from: day,
  to: day,
  /** The threshold picker's choice, so a link shows the same estimate. */
  threshold: score,
  floor: score,
})
export type CalibrationSearch = z.output<typeof calibrationSearchSchema>
