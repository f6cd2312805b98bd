import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import '@/api/client'
import type { VideoEvent } from '@/api/generated/types.gen'
import { videoKeys, videoListQuery, videoQuery } from '@/api/queries/videos'
import { createQueryClient } from '@/app/query-client'
import { libraryFreshMs, listSettleMs, liveCacheUpdater } from '@/lib/live-cache'
import { fakeApi, json } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const shown = [makeVideo({ id: 'shown', caption: 'Spring drop' }), makeVideo({ id: 'other' })]
const page: { videos: typeof shown; links: { next: string | null }; pagination: object } = {
  videos: shown,
  links: { next: null },
  pagination: { cursor: null, has_more: false, total_entries: 2 },
}
const event = (id: string, type: VideoEvent['event_type'] = 'video_updated') =>
  ({
    event_type: type,
    version: '2023-06-06',
    created: Math.floor(Date.now() / 1000),
    business_id: 'b1',
    data: { id },
  }) as unknown as VideoEvent

const listCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.url.pathname === '/api/v1/videos')

// A library list on screen: loaded, with an observer, as the library screen holds it.
async function libraryOnScreen(first = page) {
  const renamed = makeVideo({ id: 'shown', caption: 'Spring drop, renamed' })
  const calls = fakeApi({
    'GET /api/v1/videos': () => json(first),
    'GET /api/v1/videos/shown': () => json(renamed),
  })
  const client = createQueryClient()
  const options = videoListQuery('ch1', {})
  const observer = new InfiniteQueryObserver(client, options)
  const unsubscribe = observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))
  return { client, calls, observer, unsubscribe, apply: liveCacheUpdater(client) }
}

it('updates a video the list shows in place, reading that video and not the list', async () => {
  const { calls, observer, apply, unsubscribe } = await libraryOnScreen()
  apply(event('shown'))
  apply(event('shown'))
  await vi.waitFor(() =>
    expect(observer.getCurrentResult().data?.videos[0]?.caption).toBe('Spring drop, renamed'),
  )
  await vi.advanceTimersByTimeAsync(listSettleMs * 3)
  expect(listCalls(calls)).toHaveLength(1)
  expect(calls.filter((call) => call.url.pathname === '/api/v1/videos/shown')).toHaveLength(1)
  unsubscribe()
})

it('does not refetch the list it just loaded for a burst of events, and reads it once after', async () => {
  const { calls, apply, unsubscribe } = await libraryOnScreen()
  for (let n = 0; n < 14; n++) apply(event(`elsewhere-${n}`, 'video_created'))
  await vi.advanceTimersByTimeAsync(listSettleMs - 100)
  expect(listCalls(calls)).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(200)
  await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2))
  await vi.advanceTimersByTimeAsync(listSettleMs * 3)
  expect(listCalls(calls)).toHaveLength(2)
  unsubscribe()
})

it('leaves a list off screen as it is within its fresh time, so a revisit asks for nothing', async () => {
  const { client, calls, apply, unsubscribe } = await libraryOnScreen()
  unsubscribe()
  apply(event('elsewhere', 'video_created'))
  await vi.advanceTimersByTimeAsync(listSettleMs * 2)
  const revisit = new InfiniteQueryObserver(client, videoListQuery('ch1', {}))
  const stop = revisit.subscribe(() => {})
  await vi.advanceTimersByTimeAsync(100)
  expect(listCalls(calls)).toHaveLength(1)
  stop()
})

it('waits for the fresh time before reading a partly loaded library again for videos it does not show', async () => {
  const partly = { ...page, links: { next: '/api/v1/videos?after=x' } }
  const { calls, apply, unsubscribe } = await libraryOnScreen(partly)
  // Older videos finishing processing, further down the library than the first page.
  for (let n = 0; n < 14; n++) apply(event(`further-down-${n}`, 'video_created'))
  await vi.advanceTimersByTimeAsync(libraryFreshMs - 100)
  expect(listCalls(calls)).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(200)
  await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2))
  unsubscribe()
})

it('marks a video this tab is changing stale on its event, and reads it only once the change has answered', async () => {
  const calls = fakeApi({ 'GET /api/v1/videos/shown': () => json(makeVideo({ id: 'shown' })) })
  const client = createQueryClient()
  const observer = new QueryObserver(client, videoQuery('shown'))
  const unsubscribe = observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))
  const reads = () => calls.filter((call) => call.url.pathname === '/api/v1/videos/shown').length
  const apply = liveCacheUpdater(client)
  let answer = () => {}
  const change = client.getMutationCache().build(client, {
    mutationKey: videoKeys.change('shown'),
    mutationFn: () =>
      new Promise<void>((resolve) => {
        answer = resolve
      }),
  })
  const changed = change.execute(undefined)

  apply(event('shown'))
  await vi.advanceTimersByTimeAsync(listSettleMs)
  expect(reads()).toBe(1)
  expect(client.getQueryState(videoKeys.detail('shown'))?.isInvalidated).toBe(true)

  answer()
  await changed
  apply(event('shown'))
  await vi.waitFor(() => expect(reads()).toBe(2))
  unsubscribe()
})
