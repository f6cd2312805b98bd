import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { AddToPlaylistDialog } from '@/features/videos/library/add-to-playlist-dialog'
import { fakeApi } from '../support/fake-api'
import { earlierSearchesCancelled, holdSearches, searchesAsked } from '../support/held-searches'
import { renderWithProviders } from '../support/render'
import { playlistPage } from './support/playlists'

afterEach(() => vi.unstubAllGlobals())

it('searches the playlists at each key and keeps the ones shown until the new ones arrive', async () => {
  const list = holdSearches(playlistPage)
  const calls = fakeApi({ 'GET /api/v1/playlists': list.handler })
  renderWithProviders(
    <AddToPlaylistDialog channelId="ch_1" count={2} onAdd={() => {}} onClose={() => {}} />,
  )
  expect(await screen.findByRole('radio', { name: /Winter edit/ })).toBeInTheDocument()

  await userEvent.type(screen.getByLabelText('Search playlists by name'), 'sum')
  expect(searchesAsked(calls, '/api/v1/playlists')).toEqual(['s', 'su', 'sum'])
  expect(earlierSearchesCancelled(calls, '/api/v1/playlists')).toBe(true)
  // While “sum” is asked, the playlists shown before stay, marked as about to change.
  const winter = screen.getByRole('radio', { name: /Winter edit/ })
  expect(winter.closest('[aria-busy="true"]')).not.toBeNull()

  list.release('sum')
  await waitFor(() => expect(screen.queryByRole('radio', { name: /Winter edit/ })).toBeNull())
  const summer = screen.getByRole('radio', { name: /Summer sale/ })
  expect(summer.closest('[aria-busy]')).toBeNull()
})
