import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import '../../../src/api/client'
import { libraryFields, videoKeys, videoListQuery } from '../../../src/features/videos/queries'
import { fakeApi } from '../support/fake-api'
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

it('keys lists from general to specific so one invalidation reaches every filtered view', () => {
  const list = videoKeys.list('ch1', { q: 'a' })
  expect(list.slice(0, videoKeys.lists().length)).toEqual(videoKeys.lists())
  expect(videoKeys.detail('v1').slice(0, 1)).toEqual(videoKeys.all)
})
