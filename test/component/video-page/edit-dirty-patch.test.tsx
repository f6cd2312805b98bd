import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Video, VideoUpdate } from '@/api/generated/types.gen'
import { videoQuery } from '@/api/queries/videos'
import { type Call, fakeApi, json, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderEditForm } from './support/render'

afterEach(() => vi.unstubAllGlobals())

// The fake service applies the PATCH the way the service does: supplied fields replace.
function patchingApi(video: Video) {
  return fakeApi({
    [`PATCH /api/v1/videos/${video.id}`]: (call: Call) =>
      json({ ...video, ...(call.body as VideoUpdate) }),
  })
}

describe('edit form: only changed fields are sent', () => {
  it('PATCHes just the caption and the hashtags that changed', async () => {
    const video = makeVideo()
    const calls = patchingApi(video)
    renderEditForm(video)

    const caption = screen.getByLabelText('Caption')
    await userEvent.clear(caption)
    await userEvent.type(caption, 'Aurora sneakers, spring edit')
    await userEvent.type(screen.getByLabelText('Hashtags'), '#running{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await screen.findByText('Saved')
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/videos/${video.id}`,
        body: {
          caption: 'Aurora sneakers, spring edit',
          hashtags: ['#sneakers', '#ss25', '#running'],
        },
      },
    ])
  })

  it('sends the whole custom field set when a row is removed (replace mode)', async () => {
    const video = makeVideo()
    const calls = patchingApi(video)
    renderEditForm(video)

    await userEvent.click(screen.getByRole('button', { name: 'Remove custom field 2' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await screen.findByText('Saved')
    expect(writes(calls).map((call) => call.body)).toEqual([
      { custom_fields: { campaign: 'spring_drop' } },
    ])
  })

  it('clears the call to action with action_type null only', async () => {
    const video = makeVideo()
    const calls = patchingApi(video)
    renderEditForm(video)

    await userEvent.selectOptions(screen.getByLabelText('Action type'), '')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await screen.findByText('Saved')
    expect(writes(calls).map((call) => call.body)).toEqual([{ action_type: null }])
  })

  it('after saving, the cache holds the returned video and the form starts clean from it', async () => {
    const video = makeVideo()
    patchingApi(video)
    const { queryClient } = renderEditForm(video)

    await userEvent.click(screen.getByLabelText("Mute the video's sound"))
    const save = screen.getByRole('button', { name: 'Save changes' })
    await userEvent.click(save)

    await screen.findByText('Saved')
    expect(queryClient.getQueryData(videoQuery(video.id).queryKey)?.audio_disabled).toBe(true)
    expect(screen.getByLabelText("Mute the video's sound")).toBeChecked()
    // Nothing left to save: the save bar goes, saying so.
    expect(save).not.toBeInTheDocument()
    expect(screen.getByText('All changes saved.')).toBeInTheDocument()
  })

  it('removes hashtags with × and with Backspace in the empty box', async () => {
    const video = makeVideo()
    const calls = patchingApi(video)
    renderEditForm(video)

    const added = screen.getByRole('list', { name: 'Added hashtags' })
    await userEvent.click(within(added).getByRole('button', { name: 'Remove #sneakers' }))
    expect(screen.getByLabelText('Hashtags')).toHaveFocus()
    await userEvent.type(screen.getByLabelText('Hashtags'), 'promo,{Backspace}{Backspace}')
    // "promo" was added with the comma; two Backspaces remove it and then #ss25.
    expect(screen.queryByRole('list', { name: 'Added hashtags' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await screen.findByText('Saved')
    expect(writes(calls).map((call) => call.body)).toEqual([{ hashtags: [] }])
  })
})
