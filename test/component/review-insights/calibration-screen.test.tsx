/**
 * The calibration page: the reliability chart says in words what it draws, the table carries the
 * same figures with sparse bands marked, the picker's estimate follows the threshold and the floor
 * (slider or typed), and the slices go to the URL and the server.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { axeViolations } from '../support/axe'
import { writes } from '../support/fake-api'
import { renderCalibration } from './insights-fixtures'

afterEach(() => vi.unstubAllGlobals())

it('charts the accepted share by band, with the same figures in a table and in words', async () => {
  renderCalibration('viewer')
  const chart = await screen.findByRole('img', {
    name: 'Reliability chart: the share of suggestions accepted, by score band',
  })
  expect(chart).toHaveAccessibleDescription(
    /^The accepted share goes from 10\.0% at scores 20–29 to 95\.0% at 90–100\..*Greyed, with too few decisions to say much: 20–29\./,
  )
  const table = screen.getByRole('table', { name: 'Accepted share by score band' })
  const rows = within(table).getAllByRole('row')
  expect(
    within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['200', '190', '95.0%', '91.0% to 97.3%'])
  const sparse = within(table).getByRole('rowheader', { name: /20–29/ })
  expect(sparse).toHaveTextContent('20–29Few decisions')
  expect(within(table).getByRole('rowheader', { name: /80–89/ })).not.toHaveTextContent(
    'Few decisions',
  )
  expect(screen.getByText(/350 decisions, .*2026 to .*2026 \(11 days\)\./)).toBeInTheDocument()
  expect(await axeViolations()).toEqual([])
})

it('estimates precision, the share settled and the minutes saved for a threshold and a floor', async () => {
  const user = userEvent.setup()
  const { router } = renderCalibration('editor')
  const figures = async () =>
    (await screen.findAllByRole('definition')).map((each) => each.textContent)
  // 80 and 10 to start with: 290 accepted of 300 at 85 and 95; lower bound 0.8993.
  expect(await figures()).toEqual(
    expect.arrayContaining([
      'at least 89.9%',
      expect.stringMatching(/^The team accepted 93\.3% of 300 decisions/),
      '85.7%',
      '300 at or above 80, 0 below 10, of 350 decisions.',
      'about 15 minutes',
      expect.stringMatching(/^At the team’s median of 3\.0 s a decision, over .*\(11 days\)\.$/),
    ]),
  )
  const threshold = screen.getByRole('spinbutton', { name: 'Threshold' })
  await user.clear(threshold)
  await user.type(threshold, '90')
  await waitFor(() => expect(router.state.location.search).toMatchObject({ threshold: 90 }))
  expect(screen.getByRole('slider', { name: 'Threshold' })).toHaveValue('90')
  // 190 of 200 at 95: lower bound 0.9104.
  expect(await figures()).toEqual(expect.arrayContaining(['at least 91.0%', '57.1%']))

  fireEvent.change(screen.getByRole('slider', { name: 'Floor' }), { target: { value: '30' } })
  await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Floor' })).toHaveValue(30))
  expect(await figures()).toEqual(
    expect.arrayContaining([
      '60.0%',
      '200 at or above 90, 10 below 30, of 350 decisions. Below the floor the team accepted 10.0%: those would be lost.',
      'about 11 minutes',
    ]),
  )
  const floorNumber = screen.getByRole('spinbutton', { name: 'Floor' })
  await user.clear(floorNumber)
  await user.type(floorNumber, '95')
  expect(floorNumber).toHaveAccessibleDescription(
    'The floor must be at or below the threshold (90)',
  )
  expect(await figures()).toEqual(
    expect.arrayContaining(['–', 'Set the floor at or below the threshold.']),
  )
})

it('refuses a typed score outside 0 to 100, keeping the last good one', async () => {
  const user = userEvent.setup()
  renderCalibration('viewer', '/review/calibration?threshold=70')
  const threshold = await screen.findByRole('spinbutton', { name: 'Threshold' })
  expect(threshold).toHaveValue(70)
  await user.clear(threshold)
  await user.type(threshold, '140')
  expect(threshold).toHaveAccessibleDescription('Type a whole number from 0 to 100')
  expect(screen.getByRole('slider', { name: 'Threshold' })).toHaveValue('14')
})

it('slices by store, category and period through the URL and the server', async () => {
  const user = userEvent.setup()
  const { calls, router } = renderCalibration('viewer')
  const store = await screen.findByRole('combobox', { name: 'Store' })
  expect(
    within(store)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Every store', 's-eu', 'Main store'])
  await user.selectOptions(store, 'Main store')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Product category' }), 'Shoes')
  await user.type(screen.getByLabelText('From (day)'), '2026-03-01')
  await user.click(screen.getByRole('button', { name: 'Apply' }))
  await waitFor(() =>
    expect(router.state.location.search).toMatchObject({
      store: 's-main',
      category: 'Shoes',
      from: '2026-03-01',
    }),
  )
  await waitFor(() =>
    expect(
      calls.some(
        (call) =>
          call.url.pathname === '/api/dashboard/review/calibration' &&
          call.url.search === '?store_id=s-main&category=Shoes&from=2026-03-01',
      ),
    ).toBe(true),
  )
  await user.click(screen.getByRole('button', { name: 'Show every decision' }))
  await waitFor(() => expect(router.state.location.search).toEqual({}))
})

it.each(['viewer', 'editor'] as const)(
  'shows a %s auto-accept beside the picker, to read only',
  async (role) => {
    const { calls } = renderCalibration(role)
    const panel = await screen.findByRole('region', { name: 'Auto-accept' })
    expect(
      await within(panel).findAllByText(/^Only admins turn auto-accept on or change it/),
    ).not.toHaveLength(0)
    expect(within(panel).getByRole('switch', { name: 'Auto-accept' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(writes(calls)).toEqual([])
  },
)

it('gives auto-accept the picked threshold and floor as they change', async () => {
  const user = userEvent.setup()
  renderCalibration('admin', '/review/calibration?threshold=85&floor=20')
  const panel = await screen.findByRole('region', { name: 'Auto-accept' })
  await within(panel).findByText(/^With the picker's threshold of 85 and floor of 20:/)
  const floor = screen.getByRole('spinbutton', { name: 'Floor' })
  await user.clear(floor)
  await user.type(floor, '15')
  await within(panel).findByText(/^With the picker's threshold of 85 and floor of 15:/)
  // A floor above the threshold is no floor to offer.
  await user.clear(floor)
  await user.type(floor, '90')
  await within(panel).findByText(/^With the picker's threshold of 85 and floor of –:/)
})

it('keeps a shared link’s store chosen even where it has no decisions', async () => {
  renderCalibration('viewer', '/review/calibration?store=s-gone')
  const store = await screen.findByRole('combobox', { name: 'Store' })
  expect(store).toHaveValue('s-gone')
  expect(screen.getByRole('button', { name: 'Show every decision' })).toBeInTheDocument()
})
