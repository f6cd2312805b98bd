import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()

describe('leaving with unsaved changes', () => {
  it('asks first; Stay keeps the edits, Leave goes', async () => {
    pageApi(video)
    const { router } = renderVideoPage(`/videos/${video.id}`)

    await userEvent.type(await screen.findByLabelText('Description'), ' Limited run.')
    await userEvent.click(screen.getByRole('link', { name: /Back to the video library/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    expect(router.state.location.pathname).toBe(`/videos/${video.id}`)
    expect(screen.getByLabelText('Description')).toHaveValue(`${video.description} Limited run.`)

    await userEvent.click(screen.getByRole('link', { name: /Back to the video library/ }))
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Video library' })).toBeInTheDocument()
  })

  it('leaves without asking when nothing changed', async () => {
    pageApi(video)
    renderVideoPage(`/videos/${video.id}`)

    await userEvent.click(await screen.findByRole('link', { name: /Back to the video library/ }))
    expect(await screen.findByRole('heading', { name: 'Video library' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
