import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { LedgerEntry } from '@/api/review'
import { axeViolations } from '../support/axe'
import { deferred, json, refuse, writes } from '../support/fake-api'
import { clearStorage, loading, makeMatch, queueVideo, renderReview } from './support/review'

beforeEach(clearStorage)
afterEach(() => vi.unstubAllGlobals())

const entry = (id: string, matchId: string, decision: LedgerEntry['decision']): LedgerEntry => ({
  id,
  batch_id: 'b_1',
  video_id: 'v0',
  match_id: matchId,
  product_id: `pr_${matchId}`,
  score: 80,
  rank: 1,
  decision,
  source: 'person',
  reviewer_email: 'ed@example.com',
  decided_at: '2026-11-28T09:00:00.000Z',
  undone_at: null,
})

it('lists one’s last ten decisions and changes one at once, putting it back with the reason when refused', async () => {
  let recent = [entry('d_2', 'k2', 'accepted'), entry('d_1', 'k1', 'rejected')]
  const refused = deferred()
  let changes = 0
  const { calls } = renderReview({
    videos: [queueVideo('v1')],
    matches: {
      v1: [makeMatch('m1', 90, 'Aurora Runner')],
      v0: [
        makeMatch('k1', 60, 'Desk Lamp', 'rejected'),
        makeMatch('k2', 80, 'Trail Sock', 'accepted'),
      ],
    },
    get recent() {
      return recent
    },
    change: () => {
      changes++
      if (changes === 1) return refused.promise
      recent = [entry('d_3', 'k2', 'rejected'), entry('d_1', 'k1', 'rejected')]
      return json({ batch_id: 'b_2', dismissed: false })
    },
  })
  const panel = await screen.findByRole('region', { name: 'Your last ten decisions' }, loading)
  const items = await within(panel).findAllByRole('listitem')
  await within(items[0] as HTMLElement).findByText('Trail Sock', {}, loading)
  expect(items[0]).toHaveTextContent('Accepted, score 80, on Clip v0')
  expect(await axeViolations(panel)).toEqual([])

  await userEvent.click(within(panel).getByRole('button', { name: 'Reject instead: Trail Sock' }))
  // Shown at once, before the dashboard answers.
  expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Rejected, score 80')
  refused.resolve(refuse(409, "The video's suggestions changed: this one is no longer among them"))
  const alert = await within(panel).findByRole('alert')
  expect(alert).toHaveTextContent(
    "Not changed: The video's suggestions changed: this one is no longer among them. Trail Sock stays accepted.",
  )
  expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Accepted, score 80')

  await userEvent.click(within(panel).getByRole('button', { name: 'Reject instead: Trail Sock' }))
  await waitFor(() =>
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Changed: Trail Sock is now rejected.',
    ),
  )
  await waitFor(() =>
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Rejected, score 80'),
  )
  expect(within(panel).queryByRole('alert')).not.toBeInTheDocument()
  expect(writes(calls)).toEqual([
    { method: 'PUT', path: '/api/dashboard/review/decisions/d_2', body: { decision: 'rejected' } },
    { method: 'PUT', path: '/api/dashboard/review/decisions/d_2', body: { decision: 'rejected' } },
  ])
})

it('offers a viewer no change, with the reason', async () => {
  renderReview({
    role: 'viewer',
    videos: [queueVideo('v1')],
    matches: {
      v1: [makeMatch('m1', 90, 'Aurora Runner')],
      v0: [makeMatch('k1', 60, 'Desk Lamp', 'rejected')],
    },
    recent: [entry('d_1', 'k1', 'rejected')],
  })
  const panel = await screen.findByRole('region', { name: 'Your last ten decisions' }, loading)
  const change = await within(panel).findByRole('button', { name: 'Accept instead: Desk Lamp' })
  expect(change).toHaveAttribute('aria-disabled', 'true')
  expect(within(panel).getByText('Editors can review AI matches')).toBeInTheDocument()
})
