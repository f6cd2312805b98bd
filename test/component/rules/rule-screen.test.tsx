import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Role } from '@/api/roles'
import type { RuleDryRun } from '@/api/rules'
import { axeViolations } from '../support/axe'
import { type Answer, fakeApi, json, type Routes, refuse, writes } from '../support/fake-api'
import { commonRoutes, preview, summerRule, version } from './support/rules-fixtures'
import { renderRules, screenLoaded } from './support/rules-router'

afterEach(() => vi.unstubAllGlobals())

/** What the test's clicks change: the preview asked while the form shows is not one. */
const changes = (calls: Parameters<typeof writes>[0]) =>
  writes(calls).filter((call) => !call.path.endsWith('/preview'))
vi.setConfig({ testTimeout: 20_000 })

const changeSet = (changes: number): RuleDryRun => ({
  rule_id: 'rl_summer',
  version: 2,
  matches: changes,
  changes,
  videos: changes,
  by_action: [{ summary: 'adds to the top of Summer', count: changes }],
  actions: Array.from({ length: changes }, (_, n) => ({
    video_id: `vd_${n}`,
    caption: `Summer clip ${n + 1}`,
    action: { type: 'playlist_add', playlist_id: 'pl_Summer', position: 'top' },
    summary: 'adds to the top of Summer',
  })),
  truncated: false,
  asks_first: changes > 100,
})

function ruleApi(role: Role, more: Routes = {}) {
  let rule = summerRule()
  return fakeApi({
    ...commonRoutes(role),
    'GET /api/dashboard/rules/rules/rl_summer': () => json(rule),
    'GET /api/dashboard/rules/rules/rl_summer/versions': () =>
      json({
        versions: [
          version(2),
          version(1, { definition: { ...version(1).definition, name: 'Summer' } }),
        ],
      }),
    'POST /api/dashboard/rules/preview': () => json(preview()),
    'POST /api/dashboard/rules/rules/rl_summer/revert': () => {
      rule = summerRule({ version: 3, name: 'Summer' })
      return json({ rule, findings: [] })
    },
    ...more,
  })
}

it('tries the saved rule on the whole library, and asks before applying more than 100 changes', async () => {
  const user = userEvent.setup()
  const calls = ruleApi('admin', {
    'POST /api/dashboard/rules/rules/rl_summer/dry-run': () => json(changeSet(150)),
    'POST /api/dashboard/rules/rules/rl_summer/apply': () =>
      json({ changes: 150, videos: 150, runs: 150 }, 202),
  })
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  const panel = screen.getByRole('region', { name: 'Try on the whole library' })
  await user.click(within(panel).getByRole('button', { name: 'Try on the whole library' }))
  expect(
    await within(panel).findByText('150 videos match now: 150 changes to 150 videos (version 2).'),
  ).toBeInTheDocument()
  expect(within(panel).getByRole('list', { name: 'Changes by kind' })).toHaveTextContent(
    'adds to the top of Summer: 150',
  )
  const table = within(panel).getByRole('table', {
    name: 'Each change the rule would make, video by video',
  })
  expect(within(table).getAllByRole('row')).toHaveLength(51)
  await user.click(within(panel).getByRole('button', { name: 'Show 50 more' }))
  expect(within(table).getAllByRole('row')).toHaveLength(101)
  expect(changes(calls).map((call) => call.path)).toEqual([
    '/api/dashboard/rules/rules/rl_summer/dry-run',
  ])

  await user.click(within(panel).getByRole('button', { name: 'Apply 150 changes' }))
  const ask = await screen.findByRole('dialog', { name: 'Apply 150 changes?' })
  expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
  expect(changes(calls)).toHaveLength(1)
  await user.click(within(panel).getByRole('button', { name: 'Apply 150 changes' }))
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply 150 changes' }),
  )
  expect(
    await within(panel).findByText(/150 changes to 150 videos handed to the engine in 150 runs/),
  ).toBeInTheDocument()
  expect(changes(calls).at(-1)).toEqual({
    method: 'POST',
    path: '/api/dashboard/rules/rules/rl_summer/apply',
    body: { confirm: true },
  })
  expect(await axeViolations()).toEqual([])
})

it('asks when the library grew past 100 changes since the try, with the server’s count', async () => {
  const user = userEvent.setup()
  const applies: unknown[] = []
  const calls = ruleApi('admin', {
    'POST /api/dashboard/rules/rules/rl_summer/dry-run': () => json(changeSet(40)),
    'POST /api/dashboard/rules/rules/rl_summer/apply': (call): Answer => {
      applies.push(call.body)
      return (call.body as { confirm: boolean }).confirm
        ? json({ changes: 130, videos: 130, runs: 130 }, 202)
        : refuse(409, '130 changes: send confirm to apply more than 100')
    },
  })
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  const panel = screen.getByRole('region', { name: 'Try on the whole library' })
  await user.click(within(panel).getByRole('button', { name: 'Try on the whole library' }))
  await user.click(await within(panel).findByRole('button', { name: 'Apply 40 changes' }))
  const ask = await screen.findByRole('dialog')
  expect(ask).toHaveAccessibleDescription('130 changes: send confirm to apply more than 100')
  await user.click(within(ask).getByRole('button', { name: 'Apply 40 changes' }))
  expect(
    await within(panel).findByText(/130 changes to 130 videos handed to the engine/),
  ).toBeInTheDocument()
  expect(applies).toEqual([{ confirm: false }, { confirm: true }])
  expect(changes(calls)).toHaveLength(3)
})

it('goes back to an earlier version in one confirmed click, the form following', async () => {
  const user = userEvent.setup()
  const calls = ruleApi('editor')
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  const history = screen.getByRole('list', { name: 'Versions, newest first' })
  await within(history).findByText('Version 2 (current)')
  const [current, first] = Array.from(history.children)
  expect(current).toHaveTextContent('Version 2 (current)')
  expect(current).toHaveTextContent('Changed: conditions.')
  expect(first).toHaveTextContent('Changed: created.')
  await user.click(
    within(first as HTMLElement).getByRole('button', { name: 'Go back to version 1' }),
  )
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Go back to version 1?' })).getByRole(
      'button',
      {
        name: 'Go back to version 1',
      },
    ),
  )
  expect(await screen.findByText('Back to version 1, saved as version 3.')).toBeInTheDocument()
  await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Summer'))
  expect(changes(calls)).toEqual([
    { method: 'POST', path: '/api/dashboard/rules/rules/rl_summer/revert', body: { version: 1 } },
  ])
})

it('shows a viewer the whole rule and lets them change nothing, saying why once', async () => {
  const user = userEvent.setup()
  const calls = ruleApi('viewer')
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  expect(screen.getByLabelText('Name')).toBeDisabled()
  expect(
    within(screen.getByRole('group', { name: 'Condition 1' })).getByLabelText('Hashtag'),
  ).toHaveValue('summer')
  const reason = 'Editors can write, try and apply rules'
  await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(1))
  for (const name of [
    'Save rule',
    'Try on the whole library',
    'Go back to version 1',
    'Delete rule',
  ]) {
    const button = await screen.findByRole('button', { name })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAccessibleDescription(reason)
    await user.click(button)
  }
  expect(screen.getByRole('switch')).toHaveAccessibleDescription(
    'Admins can switch rules on and off',
  )
  expect(changes(calls)).toEqual([])
  expect(await axeViolations()).toEqual([])
})

it('lets an editor switch off a rule that is on, but not change it while it runs, saying why', async () => {
  const user = userEvent.setup()
  let rule = summerRule({ enabled: true })
  const calls = fakeApi({
    ...commonRoutes('editor'),
    'GET /api/dashboard/rules/rules/rl_summer': () => json(rule),
    'GET /api/dashboard/rules/rules/rl_summer/versions': () => json({ versions: [version(2)] }),
    'POST /api/dashboard/rules/preview': () => json(preview()),
    'POST /api/dashboard/rules/rules/rl_summer/enabled': () => {
      rule = { ...rule, enabled: false, version: 3 }
      return json({ rule, findings: [] })
    },
  })
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  expect(screen.getByLabelText('Name')).toBeDisabled()
  const save = screen.getByRole('button', { name: 'Save rule' })
  await waitFor(() =>
    expect(save).toHaveAccessibleDescription(
      'This rule is on: admins can change it (an admin can let editors do it in the rules settings). Switch it off first to change it.',
    ),
  )
  const toggle = screen.getByRole('switch')
  expect(toggle).toHaveAttribute('aria-checked', 'true')
  expect(toggle).not.toHaveAttribute('aria-disabled')
  await user.click(toggle)
  await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled())
  expect(changes(calls)).toEqual([
    {
      method: 'POST',
      path: '/api/dashboard/rules/rules/rl_summer/enabled',
      body: { enabled: false },
    },
  ])
})

it('lets an editor try a rule on the library, and says who may apply it', async () => {
  const user = userEvent.setup()
  const calls = ruleApi('editor', {
    'POST /api/dashboard/rules/rules/rl_summer/dry-run': () => json(changeSet(3)),
  })
  renderRules('/rules/rl_summer')
  await screenLoaded('Summer to the top')
  const panel = screen.getByRole('region', { name: 'Try on the whole library' })
  await user.click(within(panel).getByRole('button', { name: 'Try on the whole library' }))
  const apply = await within(panel).findByRole('button', { name: 'Apply 3 changes' })
  expect(apply).toHaveAttribute('aria-disabled', 'true')
  await waitFor(() =>
    expect(apply).toHaveAccessibleDescription(
      'Admins can apply rules (an admin can let editors do it in the rules settings)',
    ),
  )
  await user.click(apply)
  expect(changes(calls).map((call) => call.path)).toEqual([
    '/api/dashboard/rules/rules/rl_summer/dry-run',
  ])
})
