import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultKeyMap } from '@/api/review'
import { deferred, json, refuse, writes } from '../support/fake-api'
import {
  clearStorage,
  makeMatch,
  queueVideo,
  type ReviewWorld,
  renderReview,
  showing,
} from './support/review'

let now = 1_000
beforeEach(() => {
  now = 1_000
  clearStorage()
  vi.spyOn(performance, 'now').mockImplementation(() => now)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const world = (overrides: Partial<ReviewWorld> = {}): ReviewWorld => ({
  videos: [queueVideo('v1'), queueVideo('v2')],
  matches: {
    v1: [
      makeMatch('m1', 90, 'Aurora Runner'),
      makeMatch('m2', 70, 'Trail Sock'),
      makeMatch('m3', 50, 'Lace Kit'),
      makeMatch('m4', 40, 'Shoe Bag'),
    ],
    v2: [makeMatch('n1', 80, 'Desk Lamp')],
  },
  ...overrides,
})

/** A key pressed where the focus is, by its physical key and the character the layout gives. */
const press = (code: string, key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { code, key, ...init })

const rows = () =>
  within(screen.getByRole('list', { name: 'Suggested products' })).getAllByRole('listitem')
const activeRow = () => rows().findIndex((row) => row.dataset.active === 'true')
const reviewing = async (caption: string) => {
  await showing(caption)
  await waitFor(() => expect(activeRow()).toBeGreaterThanOrEqual(0))
}
const afterPaint = () =>
  new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)))
const posted = (calls: Parameters<typeof writes>[0]) =>
  writes(calls).filter((call) => call.path.endsWith('/decisions'))

describe('submitting a video', () => {
  it('sends each suggestion’s decision, the time it took from being in front of the reviewer, and whether it was seen', async () => {
    const { calls } = renderReview(world())
    await reviewing('Clip v1')
    now = 3_000
    press('KeyA', 'a')
    now = 4_500
    press('KeyX', 'x')
    await waitFor(() => expect(activeRow()).toBe(2))
    now = 6_000
    press('Enter', 'Enter')
    await reviewing('Clip v2')
    expect(posted(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/dashboard/review/videos/v1/decisions',
        body: {
          decisions: [
            { match_id: 'm1', decision: 'accepted', ms_taken: 2_000, seen: true },
            { match_id: 'm2', decision: 'rejected', ms_taken: 1_500, seen: true },
            // In front of the reviewer, never decided: rejected by the submit, but seen.
            { match_id: 'm3', decision: 'rejected', ms_taken: null, seen: true },
            { match_id: 'm4', decision: 'rejected', ms_taken: null, seen: false },
          ],
        },
      },
    ])
  })

  it('rejects every suggestion when none is accepted, and the video leaves the queue', async () => {
    const { calls } = renderReview(
      world({ decide: () => json({ batch_id: 'b_9', dismissed: true }) }),
    )
    await reviewing('Clip v1')
    expect(screen.getByRole('region', { name: 'What a submit sends' })).toHaveTextContent(
      'Rejects all 4. Nothing accepted: a submit records every suggestion as rejected and the video leaves this queue.',
    )
    for (let i = 0; i < 4; i++) press('KeyX', 'x')
    await userEvent.click(screen.getByRole('button', { name: /^Submit and next/ }))
    await reviewing('Clip v2')
    const sent = posted(calls)[0]?.body as { decisions: Array<{ decision: string }> } | undefined
    expect(sent?.decisions.map((each) => each.decision)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ])
    expect(
      screen.getByText(/Video 2 of 2 waiting for review, oldest first \(1 left\)/),
    ).toBeInTheDocument()
  })

  it('moves on as a submit is sent, comes back with why when it fails, the decisions kept, and sends them again on retry', async () => {
    const failing = deferred()
    let tries = 0
    const { calls } = renderReview(
      world({
        decide: () => {
          tries++
          return tries === 1 ? failing.promise : json({ batch_id: 'b_1', dismissed: false })
        },
      }),
    )
    await reviewing('Clip v1')
    press('KeyA', 'a')
    press('Enter', 'Enter')
    // The next video is in front of the reviewer while the submit is still on its way.
    await reviewing('Clip v2')
    failing.resolve(refuse(502, 'The service refused the decisions, so none was recorded: busy'))
    const alert = await screen.findByRole('alert')
    await reviewing('Clip v1')
    expect(alert).toHaveTextContent('Not submitted')
    expect(alert).toHaveTextContent('Your decisions are kept.')
    expect(JSON.parse(localStorage.getItem('matches:decisions') ?? '{}')).toEqual({
      v1: { m1: 'accepted' },
    })
    expect(
      within(rows()[0] as HTMLElement).getByRole('button', { name: /^Accept Aurora Runner/ }),
    ).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await reviewing('Clip v2')
    expect(posted(calls)).toHaveLength(2)
    expect(posted(calls)[1]?.body).toEqual(posted(calls)[0]?.body)
    await waitFor(() => expect(localStorage.getItem('matches:decisions')).toBe('{}'))
  })

  it('comes back to a video whose submit failed at once, before the address followed the advance', async () => {
    const { router } = renderReview(
      world({ decide: () => refuse(502, 'The service refused the decisions: busy') }),
    )
    await reviewing('Clip v1')
    press('KeyA', 'a')
    press('Enter', 'Enter')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Not submitted')
    // Past the frame after which the advance would have written its address.
    await afterPaint()
    await reviewing('Clip v1')
    expect(router.state.location.search).toMatchObject({ video: 'v1' })
  })

  it('works by physical key on another layout, and with the person’s own keys', async () => {
    const { calls } = renderReview(
      world({ keys: { ...defaultKeyMap, reject: 'KeyY', submit: 'Shift+Enter' } }),
    )
    await reviewing('Clip v1')
    // AZERTY: the physical A key types "q"; the physical Q key types "a", which is no review key.
    press('KeyQ', 'a')
    expect(screen.queryByRole('button', { name: /, accepted$/ })).not.toBeInTheDocument()
    press('KeyA', 'q')
    // QWERTZ: the physical Y key types "z".
    press('KeyY', 'z')
    expect(
      rows().map((row) => within(row).getAllByRole('button')[0]?.getAttribute('aria-label')),
    ).toEqual([
      expect.stringMatching(/, accepted$/),
      expect.stringMatching(/, rejected$/),
      expect.stringMatching(/, undecided$/),
      expect.stringMatching(/, undecided$/),
    ])
    expect(
      within(rows()[1] as HTMLElement).getByRole('button', { name: /^Reject Trail Sock/ }),
    ).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: /^Submit and next/ })).toHaveTextContent(
      'Shift+Enter',
    )
    press('Enter', 'Enter')
    expect(posted(calls)).toEqual([])
    press('Enter', 'Enter', { shiftKey: true })
    await reviewing('Clip v2')
    expect(posted(calls)).toHaveLength(1)
  })

  it('shows a viewer the suggestions, says why they cannot decide, and the keys decide nothing', async () => {
    const { calls } = renderReview(world({ role: 'viewer' }))
    await reviewing('Clip v1')
    expect(screen.getAllByText('Editors can review AI matches').length).toBeGreaterThan(0)
    press('KeyA', 'a')
    expect(rows().every((row) => row.querySelector('[aria-pressed="true"]') === null)).toBe(true)
    press('Enter', 'Enter')
    await reviewing('Clip v2')
    expect(posted(calls)).toEqual([])
  })
})
