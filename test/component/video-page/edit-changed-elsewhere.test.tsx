import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { videoQuery } from '@/api/queries/videos'
import { fakeApi } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderEditForm } from './support/render'

afterEach(() => vi.unstubAllGlobals())

describe('edit form: the video changes elsewhere', () => {
  it('keeps what was typed, shows the new untouched values, and says so', async () => {
    fakeApi({})
    const video = makeVideo()
    const { queryClient } = renderEditForm(video)
    await userEvent.type(screen.getByLabelText('Caption'), ' (draft)')

    act(() =>
      queryClient.setQueryData(videoQuery(video.id).queryKey, {
        ...video,
        description: 'Written on the service',
      }),
    )
    expect(await screen.findByText('This video changed elsewhere')).toBeInTheDocument()
    expect(screen.getByLabelText('Caption')).toHaveValue(`${video.caption} (draft)`)
    expect(screen.getByLabelText('Description')).toHaveValue('Written on the service')

    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(screen.queryByText('This video changed elsewhere')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Caption')).toHaveValue(video.caption)
  })

  it('says nothing when nothing was being edited', async () => {
    fakeApi({})
    const video = makeVideo()
    const { queryClient } = renderEditForm(video)
    act(() =>
      queryClient.setQueryData(videoQuery(video.id).queryKey, { ...video, caption: 'Renamed' }),
    )
    expect(await screen.findByDisplayValue('Renamed')).toBeInTheDocument()
    expect(screen.queryByText('This video changed elsewhere')).not.toBeInTheDocument()
  })
})
