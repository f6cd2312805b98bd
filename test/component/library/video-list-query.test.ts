import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import '@/api/client'
import { libraryFields, videoListQuery, videoQuery } from '@/api/queries/videos'
import { createQueryClient } from '@/app/query-client'
import type { LibrarySearch } from '@/features/videos/library/library-search'
import { settleVideoChange } from '@/features/videos/lifecycle'
import { toFilters } from '@/lib/video-search'
import { type Call, fakeApi } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'

afterEach(() => vi.unstubAllGlobals())

it('asks for the sparse library fields and follows links.next verbatim', async () => {
  const next = '/api/v1/videos?channel_id=ch1&q=dress&page_size=24&before=opaque%3D%3D'
  const calls = fakeApi(({ url }) =>
    url.searchParams.get('before')
      ? {
          status: 200,
          body: {
            videos: [makeVideo({ id: 'second' })],
            links: { next: null },
            pagination: { cursor: null, has_more: false, total_entries: 2 },
          },
        }
      : {
          status: 200,
          body: {
            videos: [makeVideo({ id: 'first' })],
            links: { next },
            pagination: { cursor: 'x', has_more: true, total_entries: 2 },
          },
        },
  )
  const client = new QueryClient()
  const options = videoListQuery('ch1', { q: 'dress' })
  await client.fetchInfiniteQuery(options)
  const first = calls[0]?.url
  expect(first?.pathname).toBe('/api/v1/videos')
  expect(first?.searchParams.get('fields')).toBe(libraryFields.join(','))
  expect(first?.searchParams.get('q')).toBe('dress')
  expect(first?.searchParams.get('channel_id')).toBe('ch1')

  await client.fetchInfiniteQuery({ ...options, pages: 2 })
  const followed = calls.at(-1)?.url
  expect(`${followed?.pathname}${followed?.search}`).toBe(next)
  const data = options.select?.(client.getQueryData(options.queryKey) as never)
  expect(data?.videos.map((v) => v.id)).toEqual(['first', 'second'])
  expect(data?.total).toBe(2)
  expect(data?.hasMore).toBe(false)
})

// One page of the given videos, whatever the filters.
function answerOnePage() {
  return fakeApi(({ url }) =>
    url.pathname === '/api/v1/videos'
      ? {
          status: 200,
          body: {
            videos: [makeVideo({ id: 'listed' })],
            links: { next: null },
            pagination: { cursor: null, has_more: false, total_entries: 1 },
          },
        }
      : { status: 200, body: makeVideo({ id: url.pathname.split('/').pop() }) },
  )
}

const listRequests = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname === '/api/v1/videos').map((call) => call.url.search)

it('serves equal views from one request, and asks again for another filter or channel', async () => {
  const calls = answerOnePage()
  const client = createQueryClient()
  const view = (channelId: string, search: LibrarySearch) =>
    client.fetchInfiniteQuery(videoListQuery(channelId, toFilters(search)))

  await view('ch1', { q: 'dress', view: 'table' })
  // The same videos: only the layout differs, and "not archived" is the default.
  await view('ch1', { q: 'dress', view: 'grid', archived: false })
  expect(listRequests(calls)).toHaveLength(1)

  await view('ch1', { q: 'dress', status: 'approved' })
  await view('ch2', { q: 'dress' })
  const requests = listRequests(calls).map((search) => new URLSearchParams(search))
  expect(requests).toHaveLength(3)
  expect(requests[1]?.get('status')).toBe('approved')
  expect(requests[2]?.get('channel_id')).toBe('ch2')
})

it('after a change to a video, asks again for every list view but not for the video', async () => {
  const calls = answerOnePage()
  const client = createQueryClient()
  const views = [toFilters({ q: 'dress' }), toFilters({ archived: true }), toFilters({})]
  for (const filters of views) await client.fetchInfiniteQuery(videoListQuery('ch1', filters))
  await client.fetchQuery(videoQuery('v1'))
  const before = calls.length

  const changed = makeVideo({ id: 'v1', archived_at: '2025-03-03T08:00:00.000Z' })
  await settleVideoChange(client, 'v1', changed)
  for (const filters of views) await client.fetchInfiniteQuery(videoListQuery('ch1', filters))
  expect(await client.fetchQuery(videoQuery('v1'))).toEqual(changed)

  expect(calls.slice(before).map((call) => call.url.pathname)).toEqual(
    views.map(() => '/api/v1/videos'),
  )
})
