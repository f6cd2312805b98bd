import { afterEach, expect, it, vi } from 'vitest'
import { ServiceError } from '@/api/client'
import { createVideo } from '@/api/generated/sdk.gen'
import { fakeApi } from '../support/fake-api'

afterEach(() => vi.unstubAllGlobals())

it('turns a refusal into a ServiceError with its status, message and Retry-After', async () => {
  fakeApi(() => ({
    status: 429,
    body: { error: 'Rate limit exceeded: at most 20 videos per 300 seconds per channel' },
    headers: { 'retry-after': '37' },
  }))
  const failure = await createVideo({ body: { storage_key: 'k' }, throwOnError: true }).catch(
    (e) => e,
  )
  expect(failure).toBeInstanceOf(ServiceError)
  expect(failure).toMatchObject({
    status: 429,
    retryAfter: 37,
    message: expect.stringContaining('Rate limit'),
  })
})
