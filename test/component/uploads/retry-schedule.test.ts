import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRetrySchedule } from '@/features/uploads/uploader/retry-schedule'

const file = { id: 'file-1', name: 'aurora.mp4' }
const start = new Date('2025-03-02T10:00:00.000Z').getTime()

// What the marketer sees: the countdown to the next try (its time and reason), and the try itself.
function schedule() {
  const countdowns: { at: number; reason: string }[] = []
  const tries: number[] = []
  const retries = createRetrySchedule({
    retry: () => tries.push(Date.now()),
    onScheduled: (_id, _name, at, reason) => countdowns.push({ at, reason }),
  })
  return { retries, countdowns, tries }
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(start)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('a file that failed is tried again by itself', () => {
  it('after 2, 5, 10 and 30 s, then every 60 s while the connection keeps failing', async () => {
    const { retries, countdowns, tries } = schedule()
    const waits = [2_000, 5_000, 10_000, 30_000, 60_000, 60_000]
    for (const [attempt, wait] of waits.entries()) {
      const failedAt = Date.now()
      retries.failed(file, 'transient')
      expect(countdowns.at(-1)).toEqual({ at: failedAt + wait, reason: 'the connection failed' })
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(tries).toHaveLength(attempt)
      await vi.advanceTimersByTimeAsync(1)
      expect(tries).toHaveLength(attempt + 1)
      expect(tries.at(-1)).toBe(failedAt + wait)
    }
  })

  it('waits 2 s again after the file got through once', async () => {
    const { retries, countdowns } = schedule()
    retries.failed(file, 'transient')
    await vi.advanceTimersByTimeAsync(2_000)
    retries.failed(file, 'transient')
    expect(countdowns.at(-1)?.at).toBe(Date.now() + 5_000)
    await vi.advanceTimersByTimeAsync(5_000)

    retries.succeeded(file.id)
    retries.failed(file, 'transient')
    expect(countdowns.at(-1)?.at).toBe(Date.now() + 2_000)
  })

  it('at once, with new signatures, when its signatures expired', async () => {
    const { retries, countdowns, tries } = schedule()
    retries.failed(file, 'expired')
    expect(countdowns).toEqual([{ at: start, reason: 'the storage signature expired' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(tries).toEqual([start])
  })

  it('when the browser is back online, however long that takes', async () => {
    const { retries, tries } = schedule()
    setOnline(false)
    retries.failed(file, 'transient')
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(tries).toEqual([])

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    expect(tries).toEqual([Date.now()])
  })

  it('never once the file is removed', async () => {
    const { retries, tries } = schedule()
    retries.failed(file, 'transient')
    retries.cancel(file.id)
    await vi.advanceTimersByTimeAsync(60 * 60_000)

    setOnline(false)
    retries.failed(file, 'transient')
    retries.cancel(file.id)
    setOnline(true)
    window.dispatchEvent(new Event('online'))
    expect(tries).toEqual([])
  })

  it('each file on its own schedule', async () => {
    const { retries, tries } = schedule()
    retries.failed(file, 'transient')
    await vi.advanceTimersByTimeAsync(1_000)
    retries.failed({ id: 'file-2', name: 'beauty.mov' }, 'transient')
    retries.cancel('file-2')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(tries).toEqual([start + 2_000])
  })
})
