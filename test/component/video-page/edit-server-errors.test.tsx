import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, refuse } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderEditForm } from './support/render'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()
const patchPath = `PATCH /api/v1/videos/${video.id}`

describe('edit form: refusals from the service', () => {
  it('shows a 422 on the field it names, focuses it and keeps what was typed', async () => {
    fakeApi({ [patchPath]: () => refuse(422, 'caption must NOT have more than 2200 characters') })
    renderEditForm(video)

    const caption = screen.getByLabelText('Caption')
    await userEvent.clear(caption)
    await userEvent.type(caption, 'A caption the service refuses')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await vi.waitFor(() => expect(caption).toHaveAttribute('aria-invalid', 'true'))
    expect(caption).toHaveAccessibleDescription(/caption must NOT have more than 2200 characters/)
    expect(caption).toHaveFocus()
    expect(caption).toHaveValue('A caption the service refuses')
    expect(screen.getByRole('status')).toHaveTextContent('1 unsaved change: Caption')
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
  })

  it('puts a CTA refusal on the action URL', async () => {
    fakeApi({
      [patchPath]: () => refuse(422, 'action_url is required when action_type is present'),
    })
    renderEditForm(video)

    await userEvent.selectOptions(screen.getByLabelText('Action type'), 'buy_now')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    const url = screen.getByLabelText('Link address')
    await vi.waitFor(() => expect(url).toHaveAccessibleDescription(/action_url is required/))
    expect(screen.getByLabelText('Action type')).toHaveValue('buy_now')
  })

  it('puts a refusal about a nested field on that field', async () => {
    fakeApi({
      [patchPath]: () => refuse(422, 'external_media.url must match pattern "^https?://"'),
    })
    renderEditForm(video)

    await userEvent.type(screen.getByLabelText('Platform'), 'youtube')
    await userEvent.type(screen.getByLabelText("Creator's username"), 'aurora')
    await userEvent.type(screen.getByLabelText('Original post address'), 'https://youtu.be/x1')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    const url = screen.getByLabelText('Original post address')
    await vi.waitFor(() => expect(url).toHaveAccessibleDescription(/external_media.url must match/))
    expect(url).toHaveValue('https://youtu.be/x1')
  })

  it('shows a refusal that names no form field as a form-level alert', async () => {
    fakeApi({ [patchPath]: () => refuse(400, 'unknown field creator_mood') })
    renderEditForm(video)

    await userEvent.type(screen.getByLabelText('Description'), ' More.')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service refused the change: unknown field creator_mood',
    )
    expect(screen.getByLabelText('Description')).toHaveValue(`${video.description} More.`)
  })

  it('explains an outage of the service above the buttons', async () => {
    fakeApi({ [patchPath]: () => refuse(502, 'The video service did not answer') })
    renderEditForm(video)

    await userEvent.click(screen.getByLabelText("Mute the video's sound"))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video service is unreachable. The video service did not answer',
    )
    expect(screen.getByLabelText("Mute the video's sound")).toBeChecked()
  })
})
