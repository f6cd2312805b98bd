import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { AddByRuleDialog } from '@/features/playlists/picker/add-by-rule-dialog'
import { VideoPickerDialog } from '@/features/playlists/picker/video-picker-dialog'
import { fakeApi, json } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { earlierSearchesCancelled, holdSearches, searchesAsked } from '../support/held-searches'
import { renderWithProviders } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

const captions = ['Aurora sneakers in motion', 'Desk lamp unboxing', 'Spring drop teaser']

const videoPage = (q: string) => {
  const videos = captions
    .filter((caption) => caption.toLowerCase().includes(q.toLowerCase()))
    .map((caption, index) => makeVideo({ id: `vd_${index}`, caption }))
  return json({
    videos,
    links: { next: null },
    pagination: { cursor: null, has_more: false, total_entries: videos.length },
  })
}

// Adding to an empty playlist of the channel.
const emptyPlaylist = {
  channelId: 'ch_1',
  inPlaylist: new Set<string>(),
  playlistLength: 0,
  onAdd: () => {},
  onClose: () => {},
}

it('searches the library at each key and keeps the videos shown until the new ones arrive', async () => {
  const list = holdSearches(videoPage)
  const calls = fakeApi({ 'GET /api/v1/videos': list.handler })
  renderWithProviders(<VideoPickerDialog {...emptyPlaylist} />)
  expect(await screen.findByRole('checkbox', { name: 'Desk lamp unboxing' })).toBeInTheDocument()

  await userEvent.type(screen.getByLabelText('Search captions'), 'lamp')
  expect(searchesAsked(calls, '/api/v1/videos')).toEqual(['l', 'la', 'lam', 'lamp'])
  expect(earlierSearchesCancelled(calls, '/api/v1/videos')).toBe(true)
  // While “lamp” is asked, the videos shown before stay, marked as about to change.
  const aurora = screen.getByRole('checkbox', { name: 'Aurora sneakers in motion' })
  expect(aurora.closest('[aria-busy="true"]')).not.toBeNull()

  list.release('lamp')
  await waitFor(() =>
    expect(screen.queryByRole('checkbox', { name: 'Aurora sneakers in motion' })).toBeNull(),
  )
  const lamp = screen.getByRole('checkbox', { name: 'Desk lamp unboxing' })
  expect(lamp.closest('[aria-busy]')).toBeNull()
})

it('counts the matches of a rule again at each key, cancelling the count of the earlier text', async () => {
  const list = holdSearches(videoPage)
  const calls = fakeApi({ 'GET /api/v1/videos': list.handler })
  renderWithProviders(<AddByRuleDialog {...emptyPlaylist} />)
  expect(await screen.findByText('3 videos will be added.')).toBeInTheDocument()

  await userEvent.type(screen.getByLabelText('Search captions'), 'la')
  expect(searchesAsked(calls, '/api/v1/videos')).toEqual(['l', 'la'])
  expect(earlierSearchesCancelled(calls, '/api/v1/videos')).toBe(true)
  list.release('la')
  expect(await screen.findByText('1 video will be added.')).toBeInTheDocument()
  expect(screen.queryByText('3 videos will be added.')).toBeNull()
})
