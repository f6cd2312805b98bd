import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { meQuery } from '@/api/queries/session'
import type { AutoAcceptSettings } from '@/api/review'
import type { Role } from '@/api/roles'
import { AutoAcceptPanel } from '@/features/review-insights/auto-accept-panel'
import { axeViolations } from '../support/axe'
import { fakeApi, json, refuse, writes } from '../support/fake-api'
import { createTestQueryClient, renderWithProviders } from '../support/render'

afterEach(() => vi.unstubAllGlobals())

const eligible = {
  eligible: true,
  decisions: 412,
  accepted: 396,
  lower_bound: 0.9533,
  reason: null,
}
const tooFew = {
  eligible: false,
  decisions: 120,
  accepted: 118,
  lower_bound: 0.94,
  reason:
    'At 90 and above the team has made 120 decisions; auto-accept needs at least 200 there to measure its precision.',
}

const saved = (change: Partial<AutoAcceptSettings> = {}): AutoAcceptSettings => ({
  enabled: false,
  target: 0.95,
  threshold: 80,
  floor: 30,
  paused: null,
  updated_at: null,
  updated_by: null,
  eligibility: eligible,
  audit: { decisions: 0, accepted: 0, lower_bound: null },
  ...change,
})

// The panel beside the picker, as `role`, over a dashboard whose decisions support auto-accept
// from 72 up and say too few above 85.
function renderPanel(role: Role, threshold: number, setting: AutoAcceptSettings = saved()) {
  let current = setting
  const calls = fakeApi({
    'GET /api/dashboard/review/settings': (call) => {
      const at = Number(call.url.searchParams.get('threshold') ?? current.threshold)
      return json({ ...current, eligibility: at > 85 ? tooFew : eligible })
    },
    'PUT /api/dashboard/review/settings': (call) => {
      const change = call.body as AutoAcceptSettings
      if (change.threshold > 85)
        return refuse(422, `Auto-accept cannot be turned on: ${tooFew.reason}`)
      current = {
        ...current,
        ...change,
        paused: null,
        updated_by: 'admin@example.com',
        updated_at: '2026-11-28T09:00:00.000Z',
      }
      return json(current)
    },
  })
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(meQuery().queryKey, { id: 'u_1', email: `${role}@example.com`, role })
  renderWithProviders(<AutoAcceptPanel threshold={threshold} floor={30} />, queryClient)
  return calls
}

const panel = () => screen.findByRole('region', { name: 'Auto-accept' })
// Found afresh each time: the switch is drawn anew when a reason appears beside it or goes.
const switchIn = (region: HTMLElement) =>
  within(region).getByRole('switch', { name: 'Auto-accept' })
/** The switch once the panel has judged the picked threshold and lets it be pressed. */
async function readySwitch(region: HTMLElement) {
  await waitFor(() => expect(switchIn(region)).not.toHaveAttribute('aria-describedby'))
  return switchIn(region)
}

it('says in plain words that the decisions support it, and turns it on at the picked values', async () => {
  const user = userEvent.setup()
  const calls = renderPanel('admin', 72)
  const region = await panel()
  await within(region).findByText(
    'At 72 and above the team accepted 96.1% (lower bound 95.3%) of 412 decisions: auto-accept can be turned on.',
  )
  expect(
    within(region).getByText('Auto-accept is off: every suggestion waits for a person.'),
  ).toBeInTheDocument()
  expect(within(region).getByLabelText('Target precision (%)')).toHaveValue('95')
  expect(await axeViolations(region)).toEqual([])

  const toggle = await readySwitch(region)
  expect(toggle).toHaveAttribute('aria-checked', 'false')
  await user.click(toggle)
  await waitFor(() =>
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/dashboard/review/settings',
        body: { enabled: true, target: 0.95, threshold: 72, floor: 30 },
      },
    ]),
  )
  await waitFor(() => expect(switchIn(region)).toHaveAttribute('aria-checked', 'true'))
  expect(
    within(region).getByText(
      'Auto-accept is on: videos whose every suggestion scores 72 or more (accepted) or under 30 (rejected) are settled without a person, for a precision of 95%.',
    ),
  ).toBeInTheDocument()
})

it('says why it cannot be turned on where the decisions are too few, and sends nothing', async () => {
  const user = userEvent.setup()
  const calls = renderPanel('admin', 90)
  const region = await panel()
  await within(region).findByText(tooFew.reason)
  await waitFor(() =>
    expect(switchIn(region)).toHaveAccessibleDescription(
      "Not offered until the team's decisions support it at this threshold and target",
    ),
  )
  await user.click(switchIn(region))
  expect(writes(calls)).toEqual([])
})

it('judges a typed target, and refuses one out of range', async () => {
  const user = userEvent.setup()
  const calls = renderPanel('admin', 72)
  const region = await panel()
  const field = await within(region).findByLabelText('Target precision (%)')
  await user.clear(field)
  await user.type(field, '101')
  expect(field).toHaveAccessibleDescription(/Type a precision from 50% to 99\.9%, such as 95/)
  await user.clear(field)
  await user.type(field, '97.5')
  await waitFor(() =>
    expect(calls.some((call) => call.url.searchParams.get('target') === '0.975')).toBe(true),
  )
})

it('shows a pause with its reason, and switching on again resumes it', async () => {
  const user = userEvent.setup()
  const reason =
    'In the blind audit people accepted 70% (lower bound 52.1%) of 30 suggestions at 72 and above that auto-accept would have accepted, short of the target of 95%.'
  const calls = renderPanel(
    'admin',
    72,
    saved({
      enabled: true,
      threshold: 72,
      paused: { at: '2026-11-28T08:00:00.000Z', reason },
      audit: { decisions: 30, accepted: 21, lower_bound: 0.5212 },
    }),
  )
  const region = await panel()
  expect(await within(region).findByText(reason, { exact: false })).toBeInTheDocument()
  expect(
    within(region).getByText(
      'In the blind audit people accepted 21 of 30 suggestions auto-accept would have accepted (70%, lower bound 52.1%). From 30 audited decisions on, it pauses itself when the lower bound falls below 95%.',
    ),
  ).toBeInTheDocument()
  const toggle = await readySwitch(region)
  expect(toggle).toHaveAttribute('aria-checked', 'false')
  await user.click(toggle)
  await waitFor(() =>
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/dashboard/review/settings',
        body: { enabled: true, target: 0.95, threshold: 72, floor: 30 },
      },
    ]),
  )
})

it('shows editors and viewers the setting read-only, saying why', async () => {
  const user = userEvent.setup()
  const calls = renderPanel('editor', 72)
  const region = await panel()
  await within(region).findByText(
    'Only admins turn auto-accept on or change it, since it decides for the whole team; you see its state.',
  )
  const toggle = switchIn(region)
  expect(toggle).toHaveAccessibleDescription(
    'Only admins turn auto-accept on or change it, since it decides for the whole team',
  )
  expect(within(region).getByLabelText('Target precision (%)')).toHaveAttribute('readonly')
  await user.click(toggle)
  expect(writes(calls)).toEqual([])
  expect(await axeViolations(region)).toEqual([])
})
