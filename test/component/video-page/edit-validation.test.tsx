import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Call, fakeApi, json, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderEditForm } from './support/render'

let calls: Call[]
beforeEach(() => {
  calls = fakeApi({})
})
afterEach(() => vi.unstubAllGlobals())

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

describe('edit form: client validation mirrors the contract', () => {
  it('refuses a custom field key outside ^[a-z0-9_]{1,255}$ and focuses it', async () => {
    renderEditForm(makeVideo())
    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }))
    await userEvent.type(screen.getByLabelText('Key 3'), 'Promo Code')
    await userEvent.type(screen.getByLabelText('Value 3'), 'SPRING10')
    await save()

    const key = screen.getByLabelText('Key 3')
    expect(key).toHaveAttribute('aria-invalid', 'true')
    expect(key).toHaveAccessibleDescription(/lower-case letters, digits or underscores/)
    expect(key).toHaveFocus()
    expect(writes(calls)).toEqual([])
  })

  it('refuses a value over 1024 characters and a key used twice', async () => {
    renderEditForm(makeVideo())
    await userEvent.click(screen.getByRole('button', { name: 'Add custom field' }))
    await userEvent.type(screen.getByLabelText('Key 3'), 'campaign')
    const value = screen.getByLabelText('Value 2')
    await userEvent.clear(value)
    await userEvent.click(value)
    await userEvent.paste('x'.repeat(1025))
    await save()

    expect(screen.getByLabelText('Key 3')).toHaveAccessibleDescription(
      'Each key can be used only once.',
    )
    expect(value).toHaveAccessibleDescription('Values can have at most 1024 characters.')
    expect(writes(calls)).toEqual([])
  })

  it('requires the action URL once an action type is chosen', async () => {
    renderEditForm(
      makeVideo({ action_type: null, action_url: null, action_type_translation: null }),
    )
    expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Action type'), 'learn_more')
    await save()

    const url = screen.getByLabelText('Link address')
    expect(url).toHaveAttribute('aria-invalid', 'true')
    expect(url).toHaveAccessibleDescription(/required with an action type/)
    expect(url).toHaveFocus()
    expect(writes(calls)).toEqual([])
  })

  it('refuses an action URL that is not http(s)', async () => {
    renderEditForm(makeVideo())
    const url = screen.getByLabelText('Link address')
    await userEvent.clear(url)
    await userEvent.type(url, 'javascript:alert(1)')
    await save()

    expect(url).toHaveAccessibleDescription(/starts with http:\/\/ or https:\/\//)
    expect(writes(calls)).toEqual([])
  })

  it('refuses social attribution without external media', async () => {
    renderEditForm(makeVideo())
    const social = screen.getByLabelText("Show the creator's attribution in the player")
    await userEvent.click(social)
    await save()

    expect(social).toHaveAttribute('aria-invalid', 'true')
    expect(social).toHaveAccessibleDescription(/needs external media/)
    expect(writes(calls)).toEqual([])
  })

  it('accepts social attribution when the video already has external media', async () => {
    const video = makeVideo({
      external_media: {
        source: 'tiktok',
        url: 'https://www.tiktok.com/@creator7/video/7000007',
        username: 'creator7',
        navigation_enabled: true,
      },
    })
    calls = fakeApi({
      [`PATCH /api/v1/videos/${video.id}`]: () =>
        json({ ...video, display_social_attributions: true }),
    })
    renderEditForm(video)
    await userEvent.click(screen.getByLabelText("Show the creator's attribution in the player"))
    await save()

    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/videos/${video.id}`,
        body: { display_social_attributions: true },
      },
    ])
  })

  it('refuses a caption over 2200 characters', async () => {
    renderEditForm(makeVideo())
    const caption = screen.getByLabelText('Caption')
    await userEvent.clear(caption)
    await userEvent.click(caption)
    await userEvent.paste('a'.repeat(2201))
    await save()

    expect(caption).toHaveAttribute('aria-invalid', 'true')
    expect(caption).toHaveAccessibleDescription(/Use at most 2200 characters/)
    expect(caption).toHaveFocus()
    expect(writes(calls)).toEqual([])
  })

  it('asks for every external media field once one is given', async () => {
    renderEditForm(makeVideo())
    await userEvent.type(screen.getByLabelText('Platform'), 'instagram')
    await save()

    expect(screen.getByLabelText('Original post address')).toHaveAccessibleDescription(
      /starts with http:\/\/ or https:\/\//,
    )
    expect(screen.getByLabelText("Creator's username")).toHaveAccessibleDescription(
      'This cannot be empty.',
    )
    expect(writes(calls)).toEqual([])
  })

  it('checks the call to action only when it changes, as the service does', async () => {
    const video = makeVideo({ action_type: 'add_to_cart', action_url: null })
    calls = fakeApi({ [`PATCH /api/v1/videos/${video.id}`]: () => json(video) })
    renderEditForm(video)
    expect(screen.getByLabelText('Action type')).toHaveValue('add_to_cart')
    await userEvent.type(screen.getByLabelText('Caption'), '!')
    await save()

    await screen.findByText('Saved')
    expect(writes(calls).map((call) => call.body)).toEqual([{ caption: `${video.caption}!` }])
  })
})
