import { expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import { withRetry } from '@/features/uploads/uploader/with-retry'

const noWait = { delays: [1, 1, 1], sleep: async () => {} }

it('retries outages and a dropped connection until the request goes through', async () => {
  const failures = [
    new ServiceError('The video service is unreachable', 502),
    new TypeError('Failed to fetch'),
  ]
  let calls = 0
  const result = await withRetry(async () => {
    calls++
    const failure = failures.shift()
    if (failure) throw failure
    return 'signed'
  }, noWait)
  expect(result).toBe('signed')
  expect(calls).toBe(3)
})

it('gives up after the last wait, and never retries a refusal', async () => {
  let calls = 0
  await expect(
    withRetry(async () => {
      calls++
      throw new ServiceError('Blocked or unsupported filename extension', 422)
    }, noWait),
  ).rejects.toThrow('Blocked')
  expect(calls).toBe(1)

  calls = 0
  await expect(
    withRetry(async () => {
      calls++
      throw new ServiceError('Storage is temporarily unavailable; retry', 500)
    }, noWait),
  ).rejects.toThrow('temporarily')
  expect(calls).toBe(4)
})
