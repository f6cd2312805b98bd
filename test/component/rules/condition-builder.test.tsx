import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { RuleDefinition } from '@/api/rules'
import { axeViolations } from '../support/axe'
import { fakeApi, json } from '../support/fake-api'
import { commonRoutes, preview, summerRule } from './support/rules-fixtures'
import { renderRules, screenLoaded } from './support/rules-router'

afterEach(() => vi.unstubAllGlobals())
vi.setConfig({ testTimeout: 30_000 })

function ruleApi() {
  return fakeApi({
    ...commonRoutes('editor'),
    'GET /api/dashboard/rules/rules/rl_summer': () => json(summerRule()),
    'GET /api/dashboard/rules/rules/rl_summer/versions': () => json({ versions: [] }),
    'POST /api/dashboard/rules/preview': () => json(preview()),
  })
}

function lastPreview(calls: ReturnType<typeof ruleApi>): RuleDefinition {
  const previews = calls.filter((call) => call.url.pathname.endsWith('/preview'))
  const last = previews.at(-1)
  if (!last) throw new Error('The editor asked for no preview')
  return (last.body as { definition: RuleDefinition }).definition
}

async function choose(user: ReturnType<typeof userEvent.setup>, menuName: string, item: string) {
  await user.click(screen.getByRole('button', { name: menuName }))
  await user.click(await screen.findByRole('menuitem', { name: item }))
}

it('nests conditions in groups and moves them without dragging, focus following the moved one', async () => {
  const user = userEvent.setup()
  const calls = ruleApi()
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  const conditions = screen.getByRole('group', { name: 'Conditions' })

  await user.click(within(conditions).getByRole('button', { name: 'Add group to the conditions' }))
  const group = screen.getByRole('group', { name: 'Group 3' })
  expect(within(group).getByLabelText('A video matches when')).toHaveFocus()
  expect(within(group).getByLabelText('A video matches when')).toHaveValue('any')

  // The hashtag test goes down past the store test, then into the group below it.
  await choose(user, 'Move or remove condition 1', 'Move down')
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Move or remove condition 2' })).toHaveFocus(),
  )
  await choose(user, 'Move or remove condition 2', 'Move down')
  // Now last, after the group: into the group above it.
  await choose(user, 'Move or remove condition 3', 'Move into the group above')
  const moved = await screen.findByRole('group', { name: 'Condition 2.1' })
  await waitFor(() =>
    expect(
      within(moved).getByRole('button', { name: 'Move or remove condition 2.1' }),
    ).toHaveFocus(),
  )
  // The row kept what it held.
  expect(within(moved).getByLabelText('Hashtag')).toHaveValue('summer')
  await waitFor(() =>
    expect(lastPreview(calls).conditions).toEqual({
      group: 'all',
      children: [
        { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st_Outdoor' },
        { group: 'any', children: [{ field: 'hashtag', op: 'has', value: 'summer' }] },
      ],
    }),
  )
  expect(await axeViolations()).toEqual([])

  // A move that cannot happen stays listed, disabled, with the reason.
  await user.click(screen.getByRole('button', { name: 'Move or remove condition 1' }))
  const out = await screen.findByRole('menuitem', { name: 'Move out of this group' })
  expect(out).toHaveAttribute('aria-disabled', 'true')
  expect(out).toHaveAccessibleDescription('It is not in a group')
  await user.keyboard('{Escape}')

  await choose(user, 'Move or remove condition 2.1', 'Move out of this group')
  expect(await screen.findByRole('group', { name: 'Condition 3' })).toBeInTheDocument()
  await choose(user, 'Move or remove group 2', 'Remove group 2')
  await waitFor(() =>
    expect(lastPreview(calls).conditions).toEqual({
      group: 'all',
      children: [
        { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st_Outdoor' },
        { field: 'hashtag', op: 'has', value: 'summer' },
      ],
    }),
  )
})
