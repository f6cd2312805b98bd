import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Role } from '@/api/roles'
import { axeViolations } from '../support/axe'
import { fakeApi, json, writes } from '../support/fake-api'
import { commonRoutes, failedRun, summerRule } from './support/rules-fixtures'
import { renderRules, screenLoaded } from './support/rules-router'

afterEach(() => vi.unstubAllGlobals())
vi.setConfig({ testTimeout: 20_000 })

const paused = summerRule({
  id: 'rl_sale',
  name: 'Sale tags',
  enabled: false,
  paused: { at: '2026-11-22T08:00:00.000Z', reason: '12 of the last 20 runs failed' },
  actions: [{ type: 'tag_suggestions', min_score: 90 }],
})

function listApi(role: Role, editorsMayEnable = false) {
  let rule = summerRule()
  return fakeApi({
    ...commonRoutes(role, editorsMayEnable),
    'GET /api/dashboard/rules/rules': () => json({ rules: [rule, paused] }),
    'GET /api/dashboard/rules/runs': (call) =>
      json({
        runs:
          call.url.searchParams.get('rule_id') === 'rl_summer'
            ? [failedRun(), failedRun({ id: 'rn_0', outcome: 'applied' })]
            : [],
        next: null,
      }),
    'POST /api/dashboard/rules/rules/rl_summer/enabled': (call) => {
      rule = { ...rule, enabled: (call.body as { enabled: boolean }).enabled }
      return json({ rule, findings: [] })
    },
    'POST /api/dashboard/rules/rules/rl_summer/follow': () => {
      rule = { ...rule, following: true }
      return json(rule)
    },
  })
}

const rowOf = (name: string) =>
  screen.getByRole('link', { name }).closest('tr') as HTMLTableRowElement

it('says what each rule does in words, how its runs went, and switches it on for an admin', async () => {
  const user = userEvent.setup()
  const calls = listApi('admin')
  renderRules('/rules/')
  await screenLoaded('Rules')
  const summer = rowOf('Summer to the top')
  expect(summer).toHaveTextContent('When a video is created · priority 100')
  // Named once the store and playlist are read.
  await waitFor(() =>
    expect(summer).toHaveTextContent(
      'For has the hashtag #summer and some tagged product is from Outdoor:',
    ),
  )
  expect(await within(summer).findByText('Add to the top of Summer')).toBeInTheDocument()
  expect(await within(summer).findByText('Failed')).toBeInTheDocument()
  expect(summer).toHaveTextContent('50% of the last 2')
  const sale = rowOf('Sale tags')
  expect(sale).toHaveTextContent('Paused')
  expect(sale).toHaveTextContent('12 of the last 20 runs failed')
  expect(sale).toHaveTextContent('Never run')

  const toggle = within(summer).getByRole('switch', { name: /^Switched on ?: Summer to the top$/ })
  expect(toggle).toHaveAttribute('aria-checked', 'false')
  await user.click(toggle)
  await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
  expect(within(summer).getByText('On')).toBeInTheDocument()
  await user.click(within(summer).getByRole('button', { name: 'Follow Summer to the top' }))
  await waitFor(() =>
    expect(
      within(summer).getByRole('button', { name: 'Following Summer to the top' }),
    ).toHaveAttribute('aria-pressed', 'true'),
  )
  expect(writes(calls)).toEqual([
    {
      method: 'POST',
      path: '/api/dashboard/rules/rules/rl_summer/enabled',
      body: { enabled: true },
    },
    { method: 'POST', path: '/api/dashboard/rules/rules/rl_summer/follow', body: undefined },
  ])
  expect(await axeViolations()).toEqual([])
})

it('lets a viewer read every rule and change none, saying why', async () => {
  const user = userEvent.setup()
  const calls = listApi('viewer')
  renderRules('/rules/')
  await screenLoaded('Rules')
  const toggle = within(rowOf('Summer to the top')).getByRole('switch')
  expect(toggle).toHaveAttribute('aria-disabled', 'true')
  await waitFor(() =>
    expect(toggle).toHaveAccessibleDescription('Admins can switch rules on and off'),
  )
  const newRule = screen.getByRole('button', { name: 'New rule' })
  expect(newRule).toHaveAccessibleDescription('Editors can write, try and apply rules')
  expect(screen.getByLabelText('Editors may switch rules on and off')).toBeDisabled()
  expect(screen.getByText('Admins can change the rules settings')).toBeVisible()
  await user.click(toggle)
  await user.click(newRule)
  expect(writes(calls)).toEqual([])
  expect(await axeViolations()).toEqual([])
})

it('lets editors switch rules only when an admin allows it', async () => {
  listApi('editor')
  renderRules('/rules/')
  await screenLoaded('Rules')
  await waitFor(() =>
    expect(within(rowOf('Summer to the top')).getByRole('switch')).toHaveAccessibleDescription(
      'Admins can switch rules on and off (an admin can let editors do it in the rules settings)',
    ),
  )
  expect(screen.getByRole('link', { name: 'New rule' })).toHaveAttribute('href', '/rules/new')
})

it('lets editors switch rules when the team allows it', async () => {
  listApi('editor', true)
  renderRules('/rules/')
  await screenLoaded('Rules')
  const toggle = within(rowOf('Summer to the top')).getByRole('switch')
  expect(toggle).not.toHaveAttribute('aria-disabled')
  expect(screen.getByLabelText('Editors may switch rules on and off')).toBeChecked()
})
