import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations } from '../support/axe'
import { makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

describe('accessibility', () => {
  // An axe scan of the whole page takes seconds on a busy machine.
  it('has no axe violations, before and after a refused submit', { timeout: 45_000 }, async () => {
    const video = makeVideo()
    pageApi(video)
    const { container } = renderVideoPage(`/videos/${video.id}`)
    await screen.findByRole('heading', { level: 1 })
    await screen.findAllByText('Aurora Runner · Aurora', { selector: 'span.truncate' })
    expect(await axeViolations(container)).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }))
    await userEvent.type(screen.getByLabelText('Key 3'), 'Bad Key')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(screen.getByLabelText('Key 3')).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations(container)).toEqual([])
  })

  it('has no axe violations with the delete dialog open', async () => {
    const video = makeVideo()
    pageApi(video)
    renderVideoPage(`/videos/${video.id}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Delete video' }))
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([])
  })
})
