import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Readiness } from '@/api/merch-index'
import { BulkBar } from '@/features/videos/library/bulk-bar'
import { axeViolations } from '../support/axe'
import { fakeApi, json, refuse } from '../support/fake-api'
import { renderWithProviders } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

type Problem = Readiness['videos'][number]['problems'][number]
const noProduct: Problem = { check: 'product', message: 'No product is tagged: it sells nothing.' }
const noCaption: Problem = { check: 'caption', message: 'It has no caption.' }

interface Selected {
  id: string
  caption: string | null
  problems: Problem[]
}

// The dashboard server's readiness check, which answers for at most 100 videos at a time.
function serveReadiness(selection: Selected[]) {
  const problems = new Map(selection.map((video) => [video.id, video.problems]))
  fakeApi({
    'GET /auth/me': () => json({ id: 'u_1', email: 'ed@example.com', role: 'editor' }),
    'GET /api/dashboard/index/status': () =>
      json({
        state: 'ready',
        confirmed_at: '2026-11-27T08:00:00.000Z',
        last_event_at: null,
        videos: selection.length,
        products: 3,
        unconfirmed: 0,
        last_pass: null,
        running: null,
      }),
    'GET /api/dashboard/index/readiness': ({ url }) => {
      const ids = url.searchParams.getAll('video_id')
      if (ids.length > 100) return refuse(400, 'Invalid video_id: name 1 to 100 videos')
      return json({
        required: ['caption', 'product'],
        videos: ids.map((id) => ({ video_id: id, problems: problems.get(id) ?? [] })),
      })
    },
  })
}

// The bulk bar as the library shows it for a selection.
function renderBar(selection: Selected[], onAction = vi.fn()) {
  serveReadiness(selection)
  const videos = selection.map(({ id, caption }) => ({ id, caption }))
  renderWithProviders(
    <BulkBar
      count={videos.length}
      videos={videos}
      running={null}
      onAction={onAction}
      onCopyLinks={() => {}}
      onAddToPlaylist={() => {}}
      onTagProducts={() => {}}
      onStartMatching={() => {}}
      onClear={() => {}}
      channelId="ch_1"
    />,
  )
  return onAction
}

const publish = () =>
  userEvent.click(
    within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', {
      name: 'Publish',
    }),
  )

const namedProblems = async () => {
  const dialog = await screen.findByRole('dialog')
  return within(within(dialog).getByRole('region', { name: 'Videos not ready' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)
}

it('names the one video of a selection that is not ready, with its problem', async () => {
  renderBar([
    { id: 'vd_1', caption: 'Linen shirt', problems: [] },
    { id: 'vd_2', caption: 'Straw hat', problems: [noProduct] },
    { id: 'vd_3', caption: 'Canvas tote', problems: [] },
  ])
  await publish()
  expect(await namedProblems()).toEqual(['Straw hat: No product is tagged: it sells nothing.'])
})

// An axe scan of 110 rows takes seconds on a busy machine.
it('names every one of 110 videos not ready among 120, by caption or else by id, in a list that scrolls', {
  timeout: 20_000,
}, async () => {
  const selection = Array.from({ length: 120 }, (_, n) => ({
    id: `vd_${n + 1}`,
    caption: n % 2 ? `Clip ${n + 1}` : null,
    problems: n < 110 ? (n % 2 ? [noProduct] : [noCaption, noProduct]) : [],
  }))
  const onAction = renderBar(selection)
  await publish()
  const dialog = await screen.findByRole('dialog', { name: '110 videos not ready for shoppers' })
  expect(await namedProblems()).toEqual(
    selection
      .slice(0, 110)
      .map((video) =>
        video.caption
          ? `${video.caption}: No product is tagged: it sells nothing.`
          : `${video.id}: It has no caption. No product is tagged: it sells nothing.`,
      ),
  )
  // The list scrolls on its own, and the keyboard can scroll it.
  const list = within(dialog).getByRole('region', { name: 'Videos not ready' })
  expect(list).toHaveAttribute('tabindex', '0')
  expect(list.className).toMatch(/overflow-y-auto/)
  expect(await axeViolations(dialog)).toEqual([])
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await userEvent.click(within(dialog).getByRole('button', { name: 'Go on anyway' }))
  expect(onAction).toHaveBeenCalledWith('publish')
})
