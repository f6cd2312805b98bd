import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createProgressBatcher } from '@/features/uploads/uploader/batched-progress'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const event = (loaded: number) => ({ loaded, lengthComputable: true })

it('reports each request once per interval, with its latest progress, all in one go', () => {
  const batcher = createProgressBatcher(250)
  const first = vi.fn()
  const second = vi.fn()
  const onFirst = batcher.wrap(first)
  const onSecond = batcher.wrap(second)
  onFirst(event(10))
  onFirst(event(20))
  onSecond(event(5))
  onFirst(event(30))
  expect(first).not.toHaveBeenCalled()

  vi.advanceTimersByTime(250)
  expect(first.mock.calls).toEqual([[event(30)]])
  expect(second.mock.calls).toEqual([[event(5)]])

  onSecond(event(9))
  vi.advanceTimersByTime(250)
  expect(second.mock.calls).toEqual([[event(5)], [event(9)]])
  expect(first).toHaveBeenCalledTimes(1)
})

it('delivers a finished request’s last progress at once', () => {
  const batcher = createProgressBatcher(250)
  const listener = vi.fn()
  batcher.wrap(listener)(event(100))
  batcher.settle(listener)
  expect(listener.mock.calls).toEqual([[event(100)]])
  vi.advanceTimersByTime(250)
  expect(listener).toHaveBeenCalledTimes(1)
})
