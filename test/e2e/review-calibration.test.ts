import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList } from '@/api/generated/types.gen.ts'
import { decisionRow, many, openLedger, record } from '../server/review/calibration-ledger.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { type Device, signedInAs } from './support/roles.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

// The calibration page over a seeded history of the team's decisions (as bench:review seeds one):
// in a real store, 40 decisions at 85 (30 accepted), 200 at 95 (190), 10 at 25 (1); in another,
// 30 at 45 (none accepted). An editor reads how often the team accepts a score and how sure that
// is, and picks a threshold; a viewer reads the same and changes nothing.
let app: RunningApp
let viewer: Device
let store: { id: string; name: string }
beforeAll(async () => {
  app = await startApp({ seedVideos: 12, role: 'editor' })
  await app.page.goto(`${app.url}/`)
  const { stores } = await api<BusinessStoreList>(app, 'GET', '/api/v1/business_stores')
  const [main, other] = stores
  if (!main?.name || !other) throw new Error('the demo has fewer than two named stores')
  store = { id: main.id, name: main.name }
  const at = Date.parse('2026-03-02T09:00:00.000Z')
  const ledger = await openLedger({ sqlitePath: app.dashboardDb })
  const inMain = { store_id: main.id, category: 'Shoes', decided_ms: at }
  await record(ledger, [
    ...many(40, 30, { ...inMain, score: 85 }),
    ...many(200, 190, { ...inMain, score: 95 }),
    ...many(10, 1, { ...inMain, score: 25 }),
    ...many(30, 0, {
      store_id: other.id,
      category: 'Bags',
      score: 45,
      decided_ms: at + 86_400_000,
    }),
    // Automatic decisions are not the team's judgement.
    decisionRow({ ...inMain, score: 85, decision: 'accepted', source: 'auto', ms_taken: null }),
  ])
  await ledger.destroy()
  viewer = (await signedInAs(app, ['viewer'])).viewer
})
afterAll(() => app?.close())

it('tells a reviewer how often the team accepts a score and how sure that is', async () => {
  const { page } = app
  await page.goto(`${app.url}/matches`)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Calibration' })
    .click()
  await shown(page.getByRole('heading', { level: 1, name: 'Calibration' }))
  const table = page.getByRole('table', { name: 'Accepted share by score band' })
  const band = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '80–89' }) })
  expect(await band.getByRole('cell').allTextContents()).toEqual([
    '40',
    '30',
    '75.0%',
    '59.8% to 85.8%',
  ])
  const sparse = table.getByRole('row').filter({ hasText: '20–29' })
  expect(await sparse.getByRole('rowheader').textContent()).toBe('20–29Few decisions')
  const chart = page.getByRole('img', { name: /^Reliability chart/ })
  await shown(chart)
  expect(
    await chart.evaluate(
      (svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent,
    ),
  ).toMatch(/Greyed, with too few decisions to say much: 20–29\./)

  // The picker: at 90 and above the team accepted 190 of 200, at least 91.0% (Wilson).
  const threshold = page.getByRole('spinbutton', { name: 'Threshold' })
  await threshold.fill('90')
  await page.waitForURL(/threshold=90/)
  const picker = page.getByRole('region', { name: 'Threshold picker' })
  await shown(picker.getByText('at least 91.0%', { exact: true }))
  await shown(picker.getByText(/^The team accepted 95\.0% of 200 decisions/))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // One store: its decisions only, the URL saying which.
  await page.getByLabel('Store').selectOption({ label: store.name })
  await page.getByRole('button', { name: 'Apply' }).click()
  await page.waitForURL(new RegExp(`store=${store.id}`))
  await shown(page.getByText(/^250 decisions, /))
  expect(
    await table
      .getByRole('row')
      .filter({ hasText: '40–49' })
      .getByRole('cell')
      .first()
      .textContent(),
  ).toBe('0')
})

it('shows a viewer the same figures, with nothing to change', async () => {
  const { page } = viewer
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/'))
      writes.push(`${request.method()} ${request.url()}`)
  })
  await page.goto(`${app.url}/review/calibration?threshold=90`)
  const table = page.getByRole('table', { name: 'Accepted share by score band' })
  await shown(table)
  expect(
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '90–100' }) })
      .getByRole('cell')
      .allTextContents(),
  ).toEqual(['200', '190', '95.0%', '91.0% to 97.3%'])
  await shown(page.getByText('at least 91.0%', { exact: true }))
  // Auto-accept is an admin's: a viewer reads its state, and its switch says why not.
  const autoAccept = page.getByRole('region', { name: 'Auto-accept' })
  await shown(autoAccept.getByText(/^Only admins turn auto-accept on or change it/).first())
  const toggle = autoAccept.getByRole('switch', { name: 'Auto-accept' })
  expect(await toggle.getAttribute('aria-disabled')).toBe('true')
  await toggle.click({ force: true })
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  expect(writes).toEqual([])
})
