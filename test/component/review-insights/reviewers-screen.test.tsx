/**
 * The reviewer page: each person's pace with its definition, agreement with κ in plain words, and
 * the disagreements, which an admin settles with the products chosen and which viewers and
 * editors only read.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Role } from '@/api/roles'
import { axeViolations } from '../support/axe'
import { json, writes } from '../support/fake-api'
import { renderReviewers } from './insights-fixtures'

afterEach(() => vi.unstubAllGlobals())

it('shows each reviewer’s pace, undo rate and how the pace is measured', async () => {
  renderReviewers('viewer')
  const table = await screen.findByRole('table', {
    name: 'Each reviewer’s decisions, pace and undo rate',
  })
  const [, ana, bo] = within(table).getAllByRole('row')
  expect(
    within(ana as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['120', '14.3', '3.2', '2.5%'])
  expect(
    within(bo as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['1', '–', '–', '0.0%'])
  expect(
    screen.getByText(
      /active minutes: the time between each decision and their one before, each gap counted up to 2 minutes/,
    ),
  ).toBeInTheDocument()
})

it('gives the agreement and κ with a plain reading', async () => {
  renderReviewers('viewer')
  const agreement = await screen.findByRole('region', { name: 'Agreement between reviewers' })
  const figures = within(agreement)
    .getAllByRole('definition')
    .map((each) => each.textContent)
  expect(figures).toEqual(['50', '70.0%', '0.40', 'Fair agreement beyond chance.'])
})

it.each<Role>(['viewer', 'editor'])(
  'lets a %s read the disagreements, not settle them',
  async (role) => {
    const { calls } = renderReviewers(role)
    const item = await screen.findByRole('listitem', { name: 'Linen shirt, styled' })
    await waitFor(() =>
      expect(within(item).getByText('Accepted Linen shirt, Woven belt')).toBeInTheDocument(),
    )
    expect(within(item).getByText('First review: ana@example.com')).toBeInTheDocument()
    expect(within(item).queryByRole('checkbox')).toBeNull()
    expect(within(item).queryByRole('button', { name: 'Settle' })).toBeNull()
    expect(screen.getByText('Admins settle these; the list is for reading.')).toBeInTheDocument()
    expect(writes(calls)).toEqual([])
    expect(await axeViolations()).toEqual([])
  },
)

it('lets an admin settle a disagreement with the products chosen', async () => {
  const user = userEvent.setup()
  const { calls } = renderReviewers('admin', {
    'POST /api/dashboard/review/disagreements/v-1/settle': () =>
      json({ batch_id: 'b-1', dismissed: false }),
  })
  const item = await screen.findByRole('listitem', { name: 'Linen shirt, styled' })
  const settle = within(item).getByRole('group', { name: 'Settle: the products this video shows' })
  await waitFor(() =>
    expect(
      within(settle)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Linen shirt', 'Woven belt', 'Straw hat']),
  )
  // What both accepted is ticked to start with.
  expect(within(settle).getByRole('checkbox', { name: 'Linen shirt' })).toBeChecked()
  expect(within(settle).getByRole('checkbox', { name: 'Woven belt' })).not.toBeChecked()
  await user.click(within(settle).getByRole('checkbox', { name: 'Woven belt' }))
  await user.click(within(item).getByRole('button', { name: 'Settle' }))
  await screen.findByText('Settled: Linen shirt, Woven belt accepted')
  expect(writes(calls)).toEqual([
    {
      method: 'POST',
      path: '/api/dashboard/review/disagreements/v-1/settle',
      body: { product_ids: ['p-shirt', 'p-belt'] },
    },
  ])
  expect(await axeViolations()).toEqual([])
})

it('says why a settle was refused, keeping the choice', async () => {
  const user = userEvent.setup()
  renderReviewers('admin', {
    'POST /api/dashboard/review/disagreements/v-1/settle': () =>
      json({ error: 'The service refused the accept: its matching job is running again' }, 409),
  })
  const item = await screen.findByRole('listitem', { name: 'Linen shirt, styled' })
  await user.click(within(item).getByRole('button', { name: 'Settle' }))
  expect(
    await within(item).findByText(
      'Not settled: The service refused the accept: its matching job is running again',
    ),
  ).toBeInTheDocument()
  expect(within(item).getByRole('checkbox', { name: 'Linen shirt' })).toBeChecked()
})
