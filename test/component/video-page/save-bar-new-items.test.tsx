import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { json, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()
const address = 'https://cdn.example/spring-poster.jpg'
const bar = () => screen.getByRole('region', { name: 'Unsaved changes' })

// The whole page renders at each step: slow on a busy machine.
const wholePage = { timeout: 20_000 }

it(
  'counts a poster typed and not added in the save bar, asks before leaving, and adds it from the bar',
  wholePage,
  async () => {
    const calls = pageApi(video, {
      [`POST /api/v1/videos/${video.id}/posters`]: () => json(makeVideo(), 201),
    })
    renderVideoPage(`/videos/${video.id}`)

    await userEvent.click(await screen.findByLabelText('Image address'))
    await userEvent.paste(address)
    expect(bar()).toHaveTextContent('1 unsaved change: New poster')

    await userEvent.click(screen.getByRole('link', { name: /Back to the video library/ }))
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay on this page' }))
    expect(screen.getByLabelText('Image address')).toHaveValue(address)

    await userEvent.click(within(bar()).getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull(),
    )
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/v1/videos/${video.id}/posters`, body: { url: address } },
    ])
    expect(screen.getByLabelText('Image address')).toHaveValue('')
  },
)

it(
  'counts a subtitle track begun and not added, and Discard empties its form',
  wholePage,
  async () => {
    const calls = pageApi(video)
    renderVideoPage(`/videos/${video.id}`)

    await userEvent.click(await screen.findByRole('radio', { name: 'Paste the text' }))
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull()
    await userEvent.type(screen.getByLabelText('Subtitle text'), 'WEBVTT')
    expect(bar()).toHaveTextContent('1 unsaved change: New subtitle track')

    await userEvent.click(within(bar()).getByRole('button', { name: 'Discard changes' }))
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull()
    expect(screen.getByLabelText('Subtitle text')).toHaveValue('')
    expect(writes(calls)).toEqual([])
  },
)
