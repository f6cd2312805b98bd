import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '@/lib/format'
import {
  checkSchedule,
  scheduleBounds,
  scheduleHint,
  toLocalInputValue,
} from '@/lib/schedule-window'

// The publication window of section 3.2: a time later than now and at most 28 days ahead, picked
// in a datetime-local input (the user's local time, to the minute) and sent as ISO UTC.

const minute = 60_000
const day = 24 * 60 * minute
const now = new Date('2025-03-02T10:00:30.000Z')
const local = (ms: number) => toLocalInputValue(new Date(ms))
const refusal = (value: string) => {
  const check = checkSchedule(value, now)
  if (check.ok) throw new Error(`expected a refusal, got ${check.iso}`)
  return check.message
}
const accepted = (value: string) => {
  const check = checkSchedule(value, now)
  if (!check.ok) throw new Error(check.message)
  return check.iso
}

describe('the bounds offered by the input', () => {
  it('run from the next whole minute to the last whole minute 28 days ahead', () => {
    const { earliest, latest, min, max } = scheduleBounds(now)
    expect(earliest.toISOString()).toBe('2025-03-02T10:01:00.000Z')
    expect(latest.toISOString()).toBe('2025-03-30T10:00:00.000Z')
    expect(min).toBe(local(earliest.getTime()))
    expect(max).toBe(local(latest.getTime()))
  })

  it('start a minute later even when now is a whole minute', () => {
    const { earliest, latest } = scheduleBounds(new Date('2025-03-02T10:00:00.000Z'))
    expect(earliest.toISOString()).toBe('2025-03-02T10:01:00.000Z')
    expect(latest.toISOString()).toBe('2025-03-30T10:00:00.000Z')
  })

  it('are the local time of the input, to the minute', () => {
    const at = new Date(2025, 2, 2, 9, 5, 59)
    expect(toLocalInputValue(at)).toBe('2025-03-02T09:05')
  })
})

describe('a time picked in the input', () => {
  it('schedules from the earliest to the latest minute, sent as ISO UTC', () => {
    const { earliest, latest } = scheduleBounds(now)
    expect(accepted(local(earliest.getTime()))).toBe('2025-03-02T10:01:00.000Z')
    expect(accepted(local(latest.getTime()))).toBe('2025-03-30T10:00:00.000Z')
    expect(accepted(local(now.getTime() + 3 * day))).toBe('2025-03-05T10:00:00.000Z')
  })

  it('is refused when it is not later than now', () => {
    const message = 'Choose a time later than now; to publish at once use Publish now.'
    expect(refusal(local(now.getTime()))).toBe(message) // this minute has begun
    expect(refusal(local(now.getTime() - day))).toBe(message)
  })

  it('is refused beyond 28 days, naming the latest time allowed', () => {
    const { latest } = scheduleBounds(now)
    const message = `Choose a time at most 28 days ahead (no later than ${formatDateTime(latest.toISOString())}).`
    expect(refusal(local(latest.getTime() + minute))).toBe(message)
    expect(refusal(local(now.getTime() + 40 * day))).toBe(message)
  })

  it('is asked for when empty, and refused when it is not a time', () => {
    expect(refusal('')).toBe('Choose the date and time to publish at.')
    expect(refusal('next tuesday')).toBe('Enter a valid date and time.')
    expect(refusal('2025-02-30T25:00')).toBe('Enter a valid date and time.')
  })
})

it('explains the window in a hint, with the time zone', () => {
  expect(scheduleHint('Europe/London')).toBe(
    'Your local time (Europe/London), from now up to 28 days ahead.',
  )
})

// The input shows local time while the window is measured in absolute time, so a change of the
// clocks inside the 28 days must neither move a picked time nor stretch the window.
describe('across a change of the clocks (Europe/London, forward on 30 March 2025)', () => {
  const zone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Europe/London'
  })
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  })

  it('offers exactly 28 × 24 hours, so the latest time reads an hour later on the clock', () => {
    const before = new Date('2025-03-10T12:00:30.000Z') // 12:00 GMT
    const { min, max } = scheduleBounds(before)
    expect(min).toBe('2025-03-10T12:01')
    expect(max).toBe('2025-04-07T13:00') // 12:00 UTC, in summer time
    expect(checkSchedule(max, before)).toEqual({ ok: true, iso: '2025-04-07T12:00:00.000Z' })
    expect(checkSchedule('2025-04-07T13:01', before).ok).toBe(false)
  })

  it('sends every minute shown around the change as the instant it stands for', () => {
    const change = Date.parse('2025-03-30T01:00:00.000Z')
    const shown: string[] = []
    for (let at = change - 30 * minute; at <= change + 30 * minute; at += 15 * minute) {
      const value = toLocalInputValue(new Date(at))
      shown.push(value)
      expect(checkSchedule(value, new Date('2025-03-29T12:00:00.000Z'))).toEqual({
        ok: true,
        iso: new Date(at).toISOString(),
      })
    }
    // The hour from 01:00 to 02:00 does not exist on the clock that day.
    expect(shown).toEqual([
      '2025-03-30T00:30',
      '2025-03-30T00:45',
      '2025-03-30T02:00',
      '2025-03-30T02:15',
      '2025-03-30T02:30',
    ])
  })
})
