import { QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import '@/api/client'
import type { VideoEvent } from '@/api/generated/types.gen'
import { indexStatusQuery } from '@/api/queries/merch-index'
import { createQueryClient } from '@/app/query-client'
import { liveCacheUpdater } from '@/lib/live-cache'
import { fakeApi, json } from '../support/fake-api'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const status = {
  state: 'ready',
  confirmed_at: null,
  last_event_at: null,
  videos: 3,
  products: 1,
  unconfirmed: 0,
  last_pass: null,
  running: null,
}
const event = (id: string) =>
  ({
    event_type: 'video_updated',
    version: '2023-06-06',
    created: Math.floor(Date.now() / 1000),
    business_id: 'b1',
    data: { id },
  }) as unknown as VideoEvent

// A burst of events (a bulk change) reads what the index shows on screen again once, not once
// per event: the home page's summary counts the whole channel at each read.
it('reads an index answer on screen again once per burst of events, and one off screen not at all', async () => {
  const calls = fakeApi({ 'GET /api/dashboard/index/status': () => json(status) })
  const client = createQueryClient()
  const observer = new QueryObserver(client, indexStatusQuery())
  const unsubscribe = observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))
  const apply = liveCacheUpdater(client)
  const reads = () => calls.filter((call) => call.url.pathname.startsWith('/api/dashboard/index'))

  for (let n = 0; n < 20; n++) apply(event(`v${n}`))
  await vi.advanceTimersByTimeAsync(5_000)
  expect(reads()).toHaveLength(2)
  expect(observer.getCurrentResult().isStale).toBe(false)

  unsubscribe()
  apply(event('v1'))
  await vi.advanceTimersByTimeAsync(5_000)
  expect(reads()).toHaveLength(2)
  expect(client.getQueryState(indexStatusQuery().queryKey)?.isInvalidated).toBe(true)
})
