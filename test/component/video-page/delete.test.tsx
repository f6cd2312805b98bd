import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { videoQuery } from '@/api/queries/videos'
import { noContent, refuse, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()
const deletePath = `DELETE /api/v1/videos/${video.id}`

describe('delete', () => {
  it('asks for confirmation and sends nothing when cancelled', async () => {
    const calls = pageApi(video, { [deletePath]: () => noContent() })
    renderVideoPage(`/videos/${video.id}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Delete video' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this video?' })
    expect(dialog).toHaveAccessibleDescription(/Aurora sneakers in motion/)
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(writes(calls)).toEqual([])
  })

  it('deletes once confirmed and returns to the library keeping its search', async () => {
    const calls = pageApi(video, { [deletePath]: () => noContent() })
    const { router, queryClient } = renderVideoPage(
      `/videos/${video.id}?channel=ch_main&q=sneakers`,
    )

    await userEvent.click(await screen.findByRole('button', { name: 'Delete video' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this video?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }))

    expect(await screen.findByRole('heading', { name: 'Video library' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/videos')
    expect(router.state.location.search).toEqual({ channel: 'ch_main', q: 'sneakers' })
    expect(await screen.findByText('Video deleted.')).toBeInTheDocument()
    expect(writes(calls)).toEqual([
      { method: 'DELETE', path: `/api/v1/videos/${video.id}`, body: undefined },
    ])
    expect(queryClient.getQueryData(videoQuery(video.id).queryKey)).toBeUndefined()
  })

  it('stays on the page with the reason when the service refuses', async () => {
    pageApi(video, { [deletePath]: () => refuse(403, 'You cannot delete videos of this channel') })
    const { router } = renderVideoPage(`/videos/${video.id}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Delete video' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }),
    )

    expect(
      await screen.findByText(
        'Could not delete the video: You cannot delete videos of this channel',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/videos/${video.id}`)
  })

  it('does not ask about unsaved edits once the video is deleted', async () => {
    pageApi(video, { [deletePath]: () => noContent() })
    const { router } = renderVideoPage(`/videos/${video.id}`)

    await userEvent.type(await screen.findByLabelText('Caption'), ' draft')
    await userEvent.click(screen.getByRole('button', { name: 'Delete video' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete video' }),
    )

    expect(await screen.findByRole('heading', { name: 'Video library' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/videos')
  })
})
