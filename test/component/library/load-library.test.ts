import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import '@/api/client'
import { loadLibrary } from '@/features/videos/library/load-library'
import { fakeApi, json } from '../support/fake-api'

const channels = [
  { id: 'ch1', name: 'Aurora Outfitters', username: 'aurora' },
  { id: 'ch2', name: 'Aurora Beauty', username: 'aurorabeauty' },
]
const emptyPage = {
  videos: [],
  links: { next: null },
  pagination: { cursor: null, has_more: false, total_entries: 0 },
}

afterEach(() => vi.unstubAllGlobals())

function serve(page: object = emptyPage) {
  const calls = fakeApi(({ url }) =>
    url.pathname === '/api/v1/channels' ? json({ channels }) : json(page),
  )
  return () =>
    calls
      .filter((call) => call.url.pathname === '/api/v1/videos')
      .map((call) => call.url.searchParams.get('channel_id'))
}

it('shows the business’s first channel when the URL names none', async () => {
  const listedChannels = serve()
  expect(await loadLibrary(new QueryClient(), {}, true)).toEqual({ channelId: 'ch1' })
  expect(listedChannels()).toEqual(['ch1'])
})

it('remembers the channel it showed for the server’s next render once idle, and in the browser asks for it only when it is the one to show', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie a previous visit left.
  document.cookie = 'library-channel=ch2; Path=/'
  const listedChannels = serve()
  await loadLibrary(new QueryClient(), {}, true)
  expect(listedChannels()).toEqual(['ch1'])
  await vi.waitFor(() => expect(document.cookie).toContain('library-channel=ch1'))
})

it('shows the channel the URL names, and the first one instead of a channel that has gone, asking for nothing else', async () => {
  const listedChannels = serve()
  expect(await loadLibrary(new QueryClient(), { channel: 'ch2' }, true)).toEqual({
    channelId: 'ch2',
  })
  expect(await loadLibrary(new QueryClient(), { channel: 'gone' }, true)).toEqual({
    channelId: 'ch1',
  })
  expect(listedChannels()).toEqual(['ch2', 'ch1'])
})

it('starts fetching the leading thumbnails of a grid before the screen renders', async () => {
  const video = (n: number, thumbnail: string | null) => ({
    id: `v${n}`,
    caption: `Clip ${n}`,
    thumbnail_url: thumbnail,
    published_at: null,
    is_published: false,
    archived_at: null,
    access: 'public',
    duration: 12,
    hashtags: [],
    product_ids: [],
  })
  serve({
    ...emptyPage,
    videos: [
      video(1, 'https://cdn.example.com/1.jpg'),
      video(2, 'https://cdn.example.com/2.jpg'),
      video(3, 'https://cdn.example.com/3.jpg'),
    ],
  })
  const requested: string[] = []
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto'
      set src(url: string) {
        requested.push(`${url} ${this.fetchPriority}`)
      }
    },
  )

  await loadLibrary(new QueryClient(), {}, true)
  expect(requested).toEqual([
    'https://cdn.example.com/1.jpg high',
    'https://cdn.example.com/2.jpg high',
  ])

  requested.length = 0
  await loadLibrary(new QueryClient(), { view: 'table' }, true)
  expect(requested).toEqual([])
})
