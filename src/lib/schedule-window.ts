import { formatDateTime } from './format'

// Section 3.2: a future time at most 28 days ahead schedules; anything else is refused.
const dayMs = 24 * 60 * 60 * 1000
export const scheduleHorizonMs = 28 * dayMs
const horizonDays = scheduleHorizonMs / dayMs
const minuteMs = 60_000

let userTimeZone: string | undefined
/**
 * The user's time zone, read when first asked for rather than at import: a page's first Intl
 * call loads the browser's locale data (about 100 ms at the reference device), which the
 * screens importing this paid in the click that opened them (docs/benchmarking.md, bench:ui).
 */
const localTimeZone = () => {
  userTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return userTimeZone
}

/** The hint beside a publish-at input, e.g. for "Europe/London" (the user's own by default). */
export const scheduleHint = (timeZone = localTimeZone()) =>
  `Your local time (${timeZone}), from now up to ${horizonDays} days ahead.`

const pad = (n: number) => String(n).padStart(2, '0')

// The value a datetime-local input takes, in the user's local time, to the minute.
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

// The first whole minute after now and the last whole minute within the horizon.
export function scheduleBounds(now: Date) {
  const earliest = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs + minuteMs)
  const latest = new Date(Math.floor((now.getTime() + scheduleHorizonMs) / minuteMs) * minuteMs)
  return { earliest, latest, min: toLocalInputValue(earliest), max: toLocalInputValue(latest) }
}

export type ScheduleCheck = { ok: true; iso: string } | { ok: false; message: string }

// A datetime-local value (local time, no offset) to the ISO UTC time the service takes.
export function checkSchedule(value: string, now: Date): ScheduleCheck {
  if (!value) return { ok: false, message: 'Choose the date and time to publish at.' }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return { ok: false, message: 'Enter a valid date and time.' }
  const { latest } = scheduleBounds(now)
  if (date.getTime() <= now.getTime()) {
    return {
      ok: false,
      message: 'Choose a time later than now; to publish at once use Publish now.',
    }
  }
  if (date.getTime() > now.getTime() + scheduleHorizonMs) {
    return {
      ok: false,
      message: `Choose a time at most ${horizonDays} days ahead (no later than ${formatDateTime(latest.toISOString())}).`,
    }
  }
  return { ok: true, iso: date.toISOString() }
}
