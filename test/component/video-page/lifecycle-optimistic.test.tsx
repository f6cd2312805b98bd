import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { videoQuery } from '@/api/queries/videos'
import { deferred, fakeApi, json, refuse, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { renderLifecycle } from './support/render'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()
const archivePath = `POST /api/v1/videos/${video.id}/archive`

describe('lifecycle: optimistic changes', () => {
  it('shows the archive at once and keeps it when the service agrees', async () => {
    const answer = deferred()
    fakeApi({ [archivePath]: () => answer.promise })
    const { queryClient } = renderLifecycle(video)

    await userEvent.click(screen.getByRole('button', { name: 'Archive' }))

    // Before the service answers: the page already shows the video archived, actions are locked.
    expect(screen.getByText(/Archived on/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeDisabled()

    answer.resolve(json({ ...video, archived_at: '2025-03-03T08:00:00.000Z' }))
    expect(await screen.findByText('Video archived.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeEnabled()
    expect(queryClient.getQueryData(videoQuery(video.id).queryKey)?.archived_at).toBe(
      '2025-03-03T08:00:00.000Z',
    )
  })

  it.each([
    [500, 'Internal error, retry later'],
    [422, 'Video is locked by a running import'],
  ])(
    'rolls the archive back with the reason when the service answers %i',
    async (status, reason) => {
      const answer = deferred()
      fakeApi({ [archivePath]: () => answer.promise })
      const { queryClient } = renderLifecycle(video)

      await userEvent.click(screen.getByRole('button', { name: 'Archive' }))
      expect(screen.getByText(/Archived on/)).toBeInTheDocument()

      answer.resolve(refuse(status, reason))
      const toast = await screen.findByText(`Could not archive the video: ${reason}`)
      expect(toast).toBeInTheDocument()
      expect(screen.queryByText(/Archived on/)).not.toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled()
      expect(queryClient.getQueryData(videoQuery(video.id).queryKey)).toEqual(video)
    },
  )

  it('unpublishes optimistically and rolls back when refused', async () => {
    const answer = deferred()
    fakeApi({ [`POST /api/v1/videos/${video.id}/unpublish`]: () => answer.promise })
    renderLifecycle(video)
    const panel = screen.getByRole('region', { name: 'Publishing' })

    await userEvent.click(within(panel).getByRole('button', { name: 'Unpublish' }))
    expect(within(panel).getByText(/Draft: not published/)).toBeInTheDocument()

    answer.resolve(refuse(403, 'The token lacks videos:write'))
    expect(
      await screen.findByText('Could not unpublish the video: The token lacks videos:write'),
    ).toBeInTheDocument()
    expect(within(panel).getByText(/Live since/)).toBeInTheDocument()
  })

  it('publishes a draft now, optimistically', async () => {
    const draft = makeVideo({ published_at: null, is_published: false })
    const answer = deferred()
    const calls = fakeApi({ [`POST /api/v1/videos/${draft.id}/publish`]: () => answer.promise })
    renderLifecycle(draft)

    await userEvent.click(screen.getByRole('button', { name: 'Publish now' }))
    // Shown before the service answers, once the readiness check (which finds nothing) is done.
    expect(await screen.findByText(/Live since/)).toBeInTheDocument()
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/v1/videos/${draft.id}/publish`, body: undefined },
    ])

    answer.resolve(json({ ...draft, published_at: new Date().toISOString(), is_published: true }))
    expect(await screen.findByText('Video published.')).toBeInTheDocument()
  })
})
