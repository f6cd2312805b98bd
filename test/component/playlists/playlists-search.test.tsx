import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { fakeApi } from '../support/fake-api'
import { earlierSearchesCancelled, holdSearches, searchesAsked } from '../support/held-searches'
import { playlistPage } from './support/playlists'
import { renderPlaylistsScreen } from './support/router'

afterEach(() => vi.unstubAllGlobals())

it('searches at each key, keeps the playlists shown until the new ones arrive, and keeps the search in the URL', async () => {
  const list = holdSearches(playlistPage)
  const calls = fakeApi({ 'GET /api/v1/playlists': list.handler })
  const { router } = renderPlaylistsScreen()
  expect(await screen.findByRole('link', { name: 'Winter edit' })).toBeInTheDocument()

  await userEvent.type(screen.getByLabelText('Search playlists by name'), 'sum')
  await waitFor(() => expect(router.state.location.search).toEqual({ q: 'sum' }))
  expect(searchesAsked(calls, '/api/v1/playlists')).toEqual(['s', 'su', 'sum'])
  expect(earlierSearchesCancelled(calls, '/api/v1/playlists')).toBe(true)
  // While “sum” is asked, the playlists shown before stay, marked as about to change.
  const winter = screen.getByRole('link', { name: 'Winter edit' })
  expect(winter.closest('[aria-busy="true"]')).not.toBeNull()

  list.release('sum')
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Winter edit' })).toBeNull())
  expect(screen.getByRole('link', { name: 'Summer sale' }).closest('[aria-busy]')).toBeNull()
  // The first key was a new history entry and the rest refined it: Back shows every playlist.
  router.history.back()
  expect(await screen.findByRole('link', { name: 'Winter edit' })).toBeInTheDocument()
  expect(screen.getByLabelText('Search playlists by name')).toHaveValue('')
})
