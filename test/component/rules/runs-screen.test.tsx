import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Role } from '@/api/roles'
import { axeViolations } from '../support/axe'
import { fakeApi, json, writes } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { commonRoutes, failedRun, summerRule } from './support/rules-fixtures'
import { renderRules, screenLoaded } from './support/rules-router'

afterEach(() => vi.unstubAllGlobals())
vi.setConfig({ testTimeout: 20_000 })

function runsApi(role: Role) {
  return fakeApi({
    ...commonRoutes(role),
    'GET /api/dashboard/rules/rules': () => json({ rules: [summerRule()] }),
    'GET /api/dashboard/rules/runs': (call) =>
      json({
        runs:
          call.url.searchParams.get('outcome') === 'applied'
            ? [failedRun({ id: 'rn_0', outcome: 'applied', steps: [] })]
            : [failedRun()],
        next: null,
      }),
    'GET /api/v1/videos/vd_beach': () =>
      json(makeVideo({ id: 'vd_beach', caption: 'Beach day #summer' })),
    'POST /api/dashboard/rules/runs/rn_1/retry': () =>
      json(failedRun({ outcome: 'running', finished_at: null }), 202),
  })
}

const runRequests = (calls: ReturnType<typeof runsApi>) =>
  calls
    .filter((call) => call.url.pathname === '/api/dashboard/rules/runs')
    .map((call) => call.url.search)

it('filters the runs in the URL, opens one to its trace, says plainly that it failed, and retries it', async () => {
  const user = userEvent.setup()
  const calls = runsApi('editor')
  const { router } = renderRules('/rules/runs?rule=rl_summer&outcome=failed')
  await screenLoaded('Runs and traces')
  expect(runRequests(calls)).toContain('?rule_id=rl_summer&outcome=failed&limit=50')
  await waitFor(() => expect(screen.getByLabelText('Rule')).toHaveValue('rl_summer'))
  expect(screen.getByLabelText('Outcome')).toHaveValue('failed')
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/dashboard/rules/runs.csv?rule_id=rl_summer&outcome=failed',
  )

  const run = screen.getByRole('article', { name: /^Run of Summer to the top/ })
  const opener = within(run).getByRole('button', { name: /Failed/ })
  expect(opener).toHaveAttribute('aria-expanded', 'false')
  await waitFor(() => expect(opener).toHaveTextContent('Beach day #summer'))
  await user.click(opener)
  expect(opener).toHaveAttribute('aria-expanded', 'true')
  expect(router.state.location.search).toMatchObject({ run: 'rn_1' })
  expect(
    within(run).getByText('This run failed: 1 of 1 step failed; nothing it tried was applied.'),
  ).toBeInTheDocument()
  const conditions = within(run).getByRole('table', {
    name: 'Each condition, the value it found, and whether it held',
  })
  expect(within(conditions).getAllByRole('row')[1]).toHaveTextContent(
    'Has the hashtag #summer["#summer","#beach"]Yes',
  )
  const calls422 = await within(run).findByRole('table', { name: /^Calls for/ })
  expect(calls422).toHaveTextContent('POST /api/v1/playlists/pl_Summer/videos')
  expect(calls422).toHaveTextContent('422: Playlist is full')
  expect(within(run).getByText('— The playlist is full (1,000 videos)')).toBeInTheDocument()
  expect(await axeViolations()).toEqual([])

  await user.click(within(run).getByRole('button', { name: 'Retry failed steps' }))
  expect(await screen.findByText('Trying the failed steps again.')).toBeInTheDocument()
  expect(writes(calls)).toEqual([
    { method: 'POST', path: '/api/dashboard/rules/runs/rn_1/retry', body: undefined },
  ])

  await user.selectOptions(screen.getByLabelText('Outcome'), 'Applied')
  await waitFor(() => expect(router.state.location.search).toMatchObject({ outcome: 'applied' }))
  await waitFor(() =>
    expect(runRequests(calls)).toContain('?rule_id=rl_summer&outcome=applied&limit=50'),
  )
  expect(await screen.findByRole('button', { name: /Applied/ })).toBeInTheDocument()
})

it('shows a viewer every trace, with the retry unavailable and why', async () => {
  const user = userEvent.setup()
  const calls = runsApi('viewer')
  renderRules('/rules/runs?run=rn_1')
  await screenLoaded('Runs and traces')
  const retry = await screen.findByRole('button', { name: 'Retry failed steps' })
  expect(retry).toHaveAttribute('aria-disabled', 'true')
  await waitFor(() => expect(retry).toHaveAccessibleDescription('Editors can retry failed steps'))
  await user.click(retry)
  expect(writes(calls)).toEqual([])
})
