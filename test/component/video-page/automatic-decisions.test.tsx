import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { ProductMatch } from '@/api/generated/types.gen'
import type { LedgerEntry } from '@/api/review'
import type { Role } from '@/api/roles'
import { axeViolations } from '../support/axe'
import { json, refuse, writes } from '../support/fake-api'
import { makeProduct, makeVideo } from '../support/fixtures'
import { pageApi } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

const video = makeVideo()
const at = '2026-11-28T09:00:00.000Z'

const match = (id: string, name: string, score: number): ProductMatch => ({
  id,
  status: 'accepted',
  matching_score: score,
  created_at: at,
  updated_at: at,
  product: makeProduct({ id: `pr_${id}`, name, business_store_id: 'st_Main' }),
})

const row = (id: string, decision: LedgerEntry['decision'], score: number): LedgerEntry => ({
  id: `d_${id}`,
  batch_id: 'b_auto',
  video_id: video.id,
  match_id: id,
  product_id: `pr_${id}`,
  score,
  rank: 1,
  decision,
  source: decision === 'accepted' ? 'auto' : 'floor',
  reviewer_email: null,
  decided_at: at,
  undone_at: null,
})

// The video page, auto-accept having settled the video: two products accepted, one rejected
// below the floor; a person's decision beside them is not auto-accept's.
function renderSettled(role: Role, undo: () => ReturnType<typeof json>) {
  let ledger = [
    row('m1', 'accepted', 91),
    row('m2', 'accepted', 74),
    row('m3', 'rejected', 12),
    { ...row('m4', 'accepted', 60), batch_id: 'b_person', source: 'person' as const },
  ]
  const calls = pageApi(video, {
    'GET /auth/me': () => json({ id: 'u_1', email: `${role}@example.com`, role }),
    [`GET /api/v1/videos/${video.id}/product_matches`]: () =>
      json({
        status: 'completed',
        matches: [
          match('m1', 'Linen Dress', 91),
          match('m2', 'Trail Sock', 74),
          match('m3', 'Desk Lamp', 12),
        ],
      }),
    [`GET /api/dashboard/review/videos/${video.id}/ledger`]: () => json({ decisions: ledger }),
    'POST /api/dashboard/review/batches/b_auto/undo': () => {
      const answer = undo()
      if (answer.status === 200)
        ledger = ledger.map((each) =>
          each.batch_id === 'b_auto' ? { ...each, undone_at: '2026-11-28T10:00:00.000Z' } : each,
        )
      return answer
    },
  })
  renderVideoPage(`/videos/${video.id}`)
  return calls
}

const settled = () =>
  screen.findByRole('region', { name: 'Decided by auto-accept' }, { timeout: 10_000 })

// The whole page loads first, which takes a few seconds on a busy machine.
const pageLoads = { timeout: 30_000 }

it(
  "shows auto-accept's decisions on the video and undoes them, the rows kept as undone",
  pageLoads,
  async () => {
    const user = userEvent.setup()
    const calls = renderSettled('editor', () => json({ batch_id: 'b_auto', undone: 3 }))
    const region = await settled()
    const items = await within(region).findAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveTextContent(
      'Accepted Linen Dress (91), Trail Sock (74). Rejected below the floor Desk Lamp (12).',
    )
    expect(await axeViolations(region)).toEqual([])

    await user.click(
      within(region).getByRole('button', { name: /^Undo auto-accept's decisions of/ }),
    )
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/dashboard/review/batches/b_auto/undo', body: undefined },
    ])
    expect(await within(region).findByRole('status')).toHaveTextContent(
      "Undone: what auto-accept accepted is off the video's products.",
    )
    await waitFor(() => expect(within(region).getByText(/^Undone /)).toBeInTheDocument())
    expect(within(region).queryByRole('button', { name: /^Undo/ })).toBeNull()
  },
)

it('says why an undo was refused, and keeps the decisions as they were', pageLoads, async () => {
  const user = userEvent.setup()
  renderSettled('editor', () => refuse(502, 'The service answered 503 to PATCH /api/v1/videos/x'))
  const region = await settled()
  await user.click(await within(region).findByRole('button', { name: /^Undo/ }))
  expect(await within(region).findByRole('alert')).toHaveTextContent(
    'Not undoneThe service answered 503 to PATCH /api/v1/videos/x',
  )
  expect(within(region).getByRole('button', { name: /^Undo/ })).toBeInTheDocument()
})

it('shows viewers the decisions with the reason they cannot undo them', pageLoads, async () => {
  const user = userEvent.setup()
  const calls = renderSettled('viewer', () => json({ batch_id: 'b_auto', undone: 3 }))
  const region = await settled()
  const undo = await within(region).findByRole('button', { name: /^Undo/ })
  await waitFor(() =>
    expect(undo).toHaveAccessibleDescription("Editors can undo auto-accept's decisions"),
  )
  await user.click(undo)
  expect(writes(calls)).toEqual([])
})
