import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Rule } from '@/api/rules.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { failedRequest } from './support/page-errors.ts'
import { type Device, signedInAs } from './support/roles.ts'
import { appliedSummerRule } from './support/rules.ts'
import { api } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
let viewer: Device
let rule: Rule
beforeAll(async () => {
  app = await startApp({ seedVideos: 30 })
  // An admin's rule, applied to what it matches now: its run is in the traces.
  ;({ rule } = await appliedSummerRule(app))
  viewer = (await signedInAs(app, ['viewer'])).viewer
})
afterAll(() => app?.close())

/** The words a control's aria-describedby names, as shown on the page. */
const description = (locator: ReturnType<Device['page']['getByRole']>) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

it('lets a viewer read rules and traces, change none of them, and hear why', async () => {
  const { page } = viewer
  await page.goto(`${app.url}/rules`)
  await shown(page.getByRole('heading', { level: 1, name: 'Rules' }))
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: rule.name }) })
  await shown(row.getByText('Add to the top of Summer'))
  const toggle = row.getByRole('switch')
  expect(await toggle.getAttribute('aria-disabled')).toBe('true')
  await expect.poll(() => description(toggle)).toBe('Admins can switch rules on and off')
  const newRule = page.getByRole('button', { name: 'New rule' })
  await expect.poll(() => description(newRule)).toBe('Editors can write, try and apply rules')
  // Following is reading: a viewer may follow a rule's notices.
  await row.getByRole('button', { name: `Follow ${rule.name}` }).click()
  await shown(row.getByRole('button', { name: `Following ${rule.name}` }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await row.getByRole('link', { name: rule.name }).click()
  await shown(page.getByRole('heading', { level: 1, name: rule.name }))
  expect(await page.getByLabel('Name').isDisabled()).toBe(true)
  for (const name of ['Save rule', 'Try on the whole library', 'Delete rule']) {
    const button = page.getByRole('button', { name, exact: true })
    expect(await button.getAttribute('aria-disabled')).toBe('true')
    await expect.poll(() => description(button)).toBe('Editors can write, try and apply rules')
  }
  await shown(
    page.getByRole('complementary', { name: 'Preview' }).getByText('1 video matches now.'),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Runs', exact: true }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Runs and traces' }))
  const run = page.getByRole('article', { name: new RegExp(`^Run of ${rule.name}`) })
  await run.getByRole('button', { name: /Applied/ }).click()
  await shown(run.getByText('Every step was applied or was already in place.'))
  await shown(run.getByRole('table', { name: /^Calls for/ }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // Asked directly, the server refuses the viewer in the same words.
  viewer.expectConsoleError(failedRequest(403, `${app.url}/api/dashboard/rules/rules/${rule.id}`))
  const refused = await page.evaluate(async (id) => {
    const response = await fetch(`/api/dashboard/rules/rules/${id}/enabled`, {
      method: 'POST',
      headers: { 'x-dashboard-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    })
    return response.status
  }, rule.id)
  expect(refused).toBe(403)
  const stored = await api<Rule>(app, 'GET', `/api/dashboard/rules/rules/${rule.id}`)
  expect(stored.enabled).toBe(false)
})
