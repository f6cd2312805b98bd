import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { WhyButton } from '@/components/rule-placement/why-button'
import { axeViolations } from '../support/axe'
import { fakeApi, json, refuse } from '../support/fake-api'
import { renderRoutes } from '../support/memory-router'

afterEach(() => vi.unstubAllGlobals())
vi.setConfig({ testTimeout: 20_000 })

function renderWhy() {
  const calls = fakeApi({
    'GET /api/dashboard/rules/why': (call) =>
      call.url.searchParams.get('playlist_id') === 'pl_Summer'
        ? json({
            rule_id: 'rl_summer',
            rule_name: 'Summer to the top',
            run_id: 'rn_7',
            at: '2026-11-21T09:00:03.000Z',
            because: ['Has the hashtag #summer', 'Some tagged product is from Outdoor'],
          })
        : refuse(404, 'Not placed by a rule'),
  })
  renderRoutes('/', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => (
        <main>
          <WhyButton
            videoId="vd_beach"
            target={{ playlist_id: 'pl_Summer' }}
            subject="“Beach day” in Summer"
          />
          <WhyButton
            videoId="vd_beach"
            target={{ playlist_id: 'pl_Hand' }}
            subject="“Beach day” in Picks"
          />
        </main>
      ),
    }),
  ])
  return calls
}

it('names the rule, the run and the conditions that put a video where it is', async () => {
  const user = userEvent.setup()
  const calls = renderWhy()
  await user.click(
    await screen.findByRole('button', { name: 'Why is this here? “Beach day” in Summer' }),
  )
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Why is this here?' },
    { timeout: 10_000 },
  )
  expect(dialog).toHaveAccessibleDescription('“Beach day” in Summer')
  expect(await within(dialog).findByRole('link', { name: 'Summer to the top' })).toHaveAttribute(
    'href',
    '/rules/rl_summer',
  )
  expect(within(dialog).getByRole('link', { name: 'see the run' })).toHaveAttribute(
    'href',
    '/rules/runs?rule=rl_summer&video=vd_beach&run=rn_7',
  )
  expect(
    within(within(dialog).getByRole('list', { name: 'Conditions that held' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Has the hashtag #summer', 'Some tagged product is from Outdoor'])
  expect(calls.at(-1)?.url.search).toBe('?video_id=vd_beach&playlist_id=pl_Summer')
  expect(await axeViolations()).toEqual([])
  await user.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()
})

it('says so when no rule put it there', async () => {
  const user = userEvent.setup()
  renderWhy()
  await user.click(
    await screen.findByRole('button', { name: 'Why is this here? “Beach day” in Picks' }),
  )
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Why is this here?' },
    { timeout: 10_000 },
  )
  expect(await within(dialog).findByText(/^No rule put it here/)).toBeInTheDocument()
})
