import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { type VideoSummary, videoKeys } from '@/api/queries/videos'
import { deferred, fakeApi, json } from '../support/fake-api'
import { createTestQueryClient, renderWithProviders } from '../support/render'
import { stubViewportHeight } from '../ui/support/sortable-list-harness'
import { BareEditor } from './support/editor'

const summary = (id: string, caption: string): VideoSummary => ({
  id,
  caption,
  thumbnail_url: null,
  duration: 7,
  published_at: '2026-01-01T00:00:00Z',
  is_published: true,
  archived_at: null,
  access: 'public',
})

function Editor({ order }: { order: string[] }) {
  return <BareEditor playlistId="pl_Spring" name="Spring drop" order={order} />
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('names a row still loading as loading, offers it for moving once loaded, and then by its caption', async () => {
  stubViewportHeight()
  const later = deferred()
  fakeApi({ 'GET /api/v1/videos/v3': () => later.promise })
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(videoKeys.summary('v1'), summary('v1', 'Summer dress'))
  queryClient.setQueryData(videoKeys.summary('v2'), summary('v2', 'Linen tote'))
  renderWithProviders(<Editor order={['v1', 'v2', 'v3']} />, queryClient)

  expect(screen.getByRole('button', { name: 'Reorder Summer dress' })).toBeEnabled()
  expect(screen.getByRole('button', { name: 'Move Linen tote' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Video 3 of 3, still loading' })).toBeDisabled()
  expect(screen.queryByRole('button', { name: /^(Reorder|Move) a video still loading/ })).toBeNull()
  expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(2)

  await act(async () => later.resolve(json(summary('v3', 'Desk lamp'))))
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Reorder Desk lamp' })).toBeEnabled(),
  )
  expect(screen.getByRole('button', { name: 'Move Desk lamp' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /still loading/ })).toBeNull()
})
