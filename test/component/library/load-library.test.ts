import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import '@/api/client'
import { loadLibrary } from '@/features/videos/library/load-library'
import { rememberDefaultChannel } from '@/lib/remembered-channel'
import { deferred, fakeApi, json } from '../support/fake-api'

const channels = [
  { id: 'ch1', name: 'Aurora Outfitters', username: 'aurora' },
  { id: 'ch2', name: 'Aurora Beauty', username: 'aurorabeauty' },
]
const emptyPage = {
  videos: [],
  links: { next: null },
  pagination: { cursor: null, has_more: false, total_entries: 0 },
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

function serve() {
  const channelsAnswer = deferred()
  const calls = fakeApi(({ url }) =>
    url.pathname === '/api/v1/channels' ? channelsAnswer.promise : json(emptyPage),
  )
  const listedChannels = () =>
    calls
      .filter((call) => call.url.pathname === '/api/v1/videos')
      .map((call) => call.url.searchParams.get('channel_id'))
  return { calls, channelsAnswer, listedChannels }
}

it('asks for the remembered default channel’s first page before the channels answer', async () => {
  rememberDefaultChannel('ch1')
  const { channelsAnswer, listedChannels } = serve()
  const loaded = loadLibrary(new QueryClient(), {}, true)
  await vi.waitFor(() => expect(listedChannels()).toEqual(['ch1']))
  channelsAnswer.resolve(json({ channels }))
  expect(await loaded).toEqual({ channelId: 'ch1' })
  expect(listedChannels()).toEqual(['ch1'])
})

it('shows the first channel when the remembered one is gone, and remembers that one', async () => {
  rememberDefaultChannel('gone')
  const { channelsAnswer, listedChannels } = serve()
  const loaded = loadLibrary(new QueryClient(), {}, true)
  channelsAnswer.resolve(json({ channels }))
  expect(await loaded).toEqual({ channelId: 'ch1' })
  expect(listedChannels()).toEqual(['gone', 'ch1'])
  expect(localStorage.getItem('default-channel')).toBe('ch1')
})

it('asks for the channel in the URL beside the channels, and leaves the remembered default alone', async () => {
  rememberDefaultChannel('ch1')
  const { channelsAnswer, listedChannels } = serve()
  const loaded = loadLibrary(new QueryClient(), { channel: 'ch2' }, true)
  await vi.waitFor(() => expect(listedChannels()).toEqual(['ch2']))
  channelsAnswer.resolve(json({ channels }))
  expect(await loaded).toEqual({ channelId: 'ch2' })
  expect(localStorage.getItem('default-channel')).toBe('ch1')
})
