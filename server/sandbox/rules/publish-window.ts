import { unprocessable } from '../http/api-error.ts'
import { dayMs } from './time.ts'
import { parseTime } from './video-metadata.ts'

const publishHorizonMs = 28 * dayMs
const clockSkewMs = 60_000

/**
 * Section 3.2: a `published_at` in the past or more than 28 days ahead is refused (422); a future
 * time within the window schedules. Returns the accepted publication time. A time up to a minute
 * old counts as now, so a client whose clock runs slightly behind can still send "now" explicitly.
 */
export function refuseOutsidePublishWindow(value: string, now: number): number {
  const ms = parseTime(value, 'published_at') as number
  if (ms < now - clockSkewMs) throw unprocessable('published_at must not be in the past')
  if (ms < now) return now
  if (ms > now + publishHorizonMs) throw unprocessable('published_at must be at most 28 days ahead')
  return ms
}
