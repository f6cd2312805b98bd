import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { ensurePlaylistEditor } from '@/api/queries/playlists'
import { videoKeys } from '@/api/queries/videos'
import { FilteredVideos } from '@/features/playlists/editor/filtered-videos'
import type { RowActions } from '@/features/playlists/editor/playlist-video-row'
import { useSummaryPages } from '@/features/playlists/editor/use-summary-pages'
import { type Call, fakeApi, json } from '../support/fake-api'
import { createTestQueryClient, renderWithProviders } from '../support/render'
import { stubViewportHeight } from '../ui/support/sortable-list-harness'
import { BareEditor } from './support/editor'

// 250 videos: v2 still processing (the service's playlist video list leaves it out), v5 archived
// (listed only when archived ones are asked for).
const order = Array.from({ length: 250 }, (_, index) => `v${index + 1}`)
const video = (id: string) => ({
  id,
  caption: `Look ${id}`,
  thumbnail_url: null,
  duration: id === 'v2' ? null : 12,
  published_at: '2026-01-01T00:00:00Z',
  is_published: true,
  archived_at: id === 'v5' ? '2026-02-01T00:00:00Z' : null,
  access: 'public',
})

function listPage(call: Call) {
  const archived = call.url.searchParams.get('archived') === 'true'
  const page = Number(call.url.searchParams.get('page'))
  const size = Number(call.url.searchParams.get('page_size'))
  const listed = order.filter((id) => id !== 'v2' && (id === 'v5') === archived)
  const pages = Math.ceil(listed.length / size)
  return json({
    videos: listed.slice((page - 1) * size, page * size).map(video),
    links: { next: null, prev: null },
    pagination: {
      page,
      page_size: size,
      total_pages: pages,
      total_entries: listed.length,
      has_more: page < pages,
    },
  })
}

const playlist = {
  id: 'pl_Long',
  name: 'Long edit',
  description: null,
  updated_at: '2026-01-01T00:00:00Z',
}

function Editor() {
  useSummaryPages('pl_Long')
  return <BareEditor playlistId="pl_Long" name="Long edit" order={order} />
}

const rowActions: RowActions = {
  playlistId: 'pl_Long',
  toggle: () => {},
  remove: () => {},
  pin: () => {},
  removeReason: undefined,
  pinReason: undefined,
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('reads a long playlist’s details a hundred videos at a time, and a video the list leaves out by itself', async () => {
  stubViewportHeight()
  const calls = fakeApi({
    'GET /api/v1/playlists/pl_Long': () => json({ ...playlist, video_ids: order }),
    'GET /api/v1/playlists/pl_Long/videos': listPage,
    'GET /api/v1/videos/v2': () => json(video('v2')),
  })
  const queryClient = createTestQueryClient()
  await ensurePlaylistEditor(queryClient, 'pl_Long')
  renderWithProviders(<Editor />, queryClient)

  expect(await screen.findByRole('button', { name: 'Reorder Look v1' })).toBeEnabled()
  expect(await screen.findByRole('button', { name: 'Reorder Look v5' })).toBeEnabled()
  expect(await screen.findByText('Hidden from the feed: Archived')).toBeInTheDocument()
  expect(await screen.findByRole('button', { name: 'Reorder Look v2' })).toBeEnabled()
  await waitFor(() =>
    expect(queryClient.getQueryData(videoKeys.summary('v250'))).toMatchObject({
      caption: 'Look v250',
    }),
  )

  const pages = calls
    .filter((call) => call.url.pathname === '/api/v1/playlists/pl_Long/videos')
    .map((call) => `${call.url.searchParams.get('archived')} ${call.url.searchParams.get('page')}`)
  expect(pages.sort()).toEqual(['false 1', 'false 2', 'false 3', 'true 1'])
  const ownReads = calls.filter((call) => call.url.pathname.startsWith('/api/v1/videos/'))
  expect(ownReads.map((call) => call.url.pathname)).toEqual(['/api/v1/videos/v2'])
})

it('searches a long playlist from its pages, reading by itself only the video the list leaves out', async () => {
  const calls = fakeApi({
    'GET /api/v1/playlists/pl_Long/videos': listPage,
    'GET /api/v1/videos/v2': () => json(video('v2')),
  })
  renderWithProviders(
    <FilteredVideos
      playlistId="pl_Long"
      order={order}
      q="look v2"
      hiddenOnly={false}
      pinned={new Set()}
      canPin
      selection={new Set()}
      actions={rowActions}
    />,
    createTestQueryClient(),
  )
  // v2, and v20-v29, v200-v250: 1 + 10 + 51.
  expect(await screen.findByText(/62 of 250 videos match/)).toBeInTheDocument()
  const ownReads = calls.filter((call) => call.url.pathname.startsWith('/api/v1/videos/'))
  expect(ownReads.map((call) => call.url.pathname)).toEqual(['/api/v1/videos/v2'])
})
