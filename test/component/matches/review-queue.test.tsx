import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writes } from '../support/fake-api'
import {
  clearStorage,
  makeMatch,
  queueVideo,
  type ReviewWorld,
  reads,
  renderReview,
  showing,
} from './support/review'

beforeEach(clearStorage)
afterEach(() => vi.unstubAllGlobals())

const suggestionsOf = (id: string) => [
  makeMatch(`${id}a`, 90, `Runner ${id}`),
  makeMatch(`${id}b`, 70, `Sock ${id}`),
  makeMatch(`${id}c`, 50, `Lace ${id}`),
  makeMatch(`${id}d`, 20, `Bag ${id}`),
]

const world = (ids: string[], overrides: Partial<ReviewWorld> = {}): ReviewWorld => ({
  videos: ids.map((id) => queueVideo(id)),
  matches: Object.fromEntries(ids.map((id) => [id, suggestionsOf(id)])),
  ...overrides,
})

const list = () => screen.getByRole('list', { name: 'Suggested products' })
const acceptButtons = () =>
  within(list())
    .getAllByRole('button', { name: /^Accept / })
    .map((button) => button.getAttribute('aria-label'))
const queueAsked = (calls: Parameters<typeof reads>[0]) =>
  calls
    .filter((call) => call.url.pathname === '/api/dashboard/review/queue')
    .map((call) => Object.fromEntries(call.url.searchParams))

describe('the queue', () => {
  it('orders nearest the threshold first by default, and another order is chosen in the URL', async () => {
    const { calls, router } = renderReview(world(['v1', 'v2', 'v3'], { threshold: 62, floor: 30 }))
    await showing('Clip v1')
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toHaveValue('nearest')
    expect(
      screen.getByText(/Video 1 of 3 waiting for review, nearest the threshold first/),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Threshold 62, floor 30: 2 suggestions below the floor hidden.'),
    ).toBeInTheDocument()

    await userEvent.selectOptions(order, 'Highest score first')
    await showing('Clip v3')
    expect(router.state.location.search).toMatchObject({ order: 'score' })
    expect(
      screen.getByText(/Video 1 of 3 waiting for review, highest score first/),
    ).toBeInTheDocument()
    expect(queueAsked(calls)).toEqual([
      { channel_id: 'ch_1', below_floor: 'false' },
      { channel_id: 'ch_1', below_floor: 'false', order: 'score' },
    ])
  })

  it('hides the suggestions below the floor unless asked, and a submit rejects them unseen', async () => {
    const { calls, router } = renderReview(world(['v1', 'v2'], { threshold: 62, floor: 30 }))
    await showing('Clip v1')
    expect(acceptButtons()).toHaveLength(3)
    expect(
      screen.getByText(
        '1 suggestion scored under the floor (30): hidden, and rejected unseen by a submit.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What a submit sends' })).toHaveTextContent(
      '1 suggestion below the floor, not shown, rejected unseen.',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Show 1 below the floor' }))
    await waitFor(() => expect(acceptButtons()).toHaveLength(4))
    expect(router.state.location.search).toMatchObject({ below: true })
    expect(queueAsked(calls).at(-1)).toEqual({ channel_id: 'ch_1', below_floor: 'true' })
    expect(acceptButtons()[3]).toMatch(/^Accept Bag v1 .*score 20, below the floor, undecided$/)

    await userEvent.click(screen.getByRole('button', { name: 'Hide those below the floor' }))
    await waitFor(() => expect(acceptButtons()).toHaveLength(3))
    await userEvent.click(screen.getByRole('button', { name: /^Submit and next/ }))
    await showing('Clip v2')
    const [sent] = writes(calls)
    expect(sent?.body).toMatchObject({
      decisions: [
        { match_id: 'v1a', seen: true },
        { match_id: 'v1b', seen: false },
        { match_id: 'v1c', seen: false },
        { match_id: 'v1d', decision: 'rejected', ms_taken: null, seen: false },
      ],
    })
  })

  it('arrives with the sure suggestions pre-marked, changeable, and made the reviewer’s by the submit', async () => {
    const premarked = world(['v1', 'v2'], { threshold: 62, floor: 10 })
    premarked.videos[0] = queueVideo('v1', { premarks: { v1a: 'accepted', v1d: 'rejected' } })
    const { calls } = renderReview(premarked)
    await showing('Clip v1')
    expect(acceptButtons()).toEqual([
      expect.stringMatching(/score 90, pre-marked accepted$/),
      expect.stringMatching(/score 70, undecided$/),
      expect.stringMatching(/score 50, undecided$/),
      expect.stringMatching(/score 20, pre-marked rejected$/),
    ])
    expect(within(list()).getAllByText('Pre-marked')).toHaveLength(2)
    // The reviewer starts on the doubtful ones.
    await waitFor(() =>
      expect(within(list()).getAllByRole('listitem')[1]).toHaveAttribute('data-active', 'true'),
    )
    expect(
      screen.getByText('2 pre-marked decisions become yours when you submit.'),
    ).toBeInTheDocument()

    await userEvent.click(within(list()).getByRole('button', { name: /^Reject Runner v1/ }))
    expect(acceptButtons()[0]).toMatch(/score 90, rejected$/)
    expect(within(list()).getAllByText('Pre-marked')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: /^Submit and next/ }))
    await showing('Clip v2')
    expect(writes(calls)[0]?.body).toMatchObject({
      decisions: [
        { match_id: 'v1a', decision: 'rejected', seen: true },
        { match_id: 'v1b', decision: 'rejected', seen: true },
        { match_id: 'v1c', decision: 'rejected', seen: false },
        { match_id: 'v1d', decision: 'rejected', ms_taken: null, seen: true },
      ],
    })
  })

  it('shows the next video as the reviewer moves on, the address follows, and Back returns to the one before', async () => {
    const { router } = renderReview(world(['v1', 'v2', 'v3']))
    await showing('Clip v1')
    const next = () =>
      userEvent.click(screen.getByRole('button', { name: 'Skip to the next video' }))
    await next()
    await showing('Clip v2')
    await next()
    await showing('Clip v3')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ video: 'v3' }))
    router.history.back()
    await showing('Clip v2')
    expect(router.state.location.search).toMatchObject({ video: 'v2' })
  })

  it('reads the next three videos’ suggestions, records and posters before they are reached', async () => {
    const posters: string[] = []
    vi.stubGlobal(
      'Image',
      class {
        set src(url: string) {
          posters.push(url)
        }
      },
    )
    const { calls } = renderReview(world(['v1', 'v2', 'v3', 'v4', 'v5']))
    await showing('Clip v1')
    const ahead = ['v2', 'v3', 'v4']
    await waitFor(() =>
      expect(reads(calls)).toEqual(
        expect.arrayContaining(
          ahead.flatMap((id) => [`/api/v1/videos/${id}/product_matches`, `/api/v1/videos/${id}`]),
        ),
      ),
    )
    expect(reads(calls).some((path) => path.includes('v5'))).toBe(false)
    expect(posters).toEqual(ahead.map((id) => `http://localhost:4010/cdn/${id}.jpg`))

    await userEvent.click(screen.getByRole('button', { name: 'Skip to the next video' }))
    await showing('Clip v2')
    await waitFor(() => expect(reads(calls)).toContain('/api/v1/videos/v5/product_matches'))
    // What was read ahead is shown from memory: the next video's suggestions are not asked again.
    expect(
      reads(calls).filter((path) => path === '/api/v1/videos/v2/product_matches'),
    ).toHaveLength(1)
  })
})
