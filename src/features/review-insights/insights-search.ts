import * as v from 'valibot'
import { boundedText, dayParam, optionalParam } from '@/lib/search-params'

// The insights pages' state in the URL, so a slice can be shared and Back returns to it. Written
// apart from the review API's schemas: these are in the first screen's code, those are not.

const name = optionalParam(boundedText(200, 1))
const score = optionalParam(
  v.pipe(
    v.unknown(),
    v.transform(Number),
    v.number(),
    v.safeInteger(),
    v.minValue(0),
    v.maxValue(100),
  ),
)

/** The period, days inclusive (UTC). */
export const periodSearchSchema = v.object({ from: dayParam, to: dayParam })
export type PeriodSearch = v.InferOutput<typeof periodSearchSchema>

export const calibrationSearchSchema = v.object({
  store: name,
  category: name,
  from: dayParam,
  to: dayParam,
  /** The threshold picker's choice, so a link shows the same estimate. */
  threshold: score,
  floor: score,
})
export type CalibrationSearch = v.InferOutput<typeof calibrationSearchSchema>
