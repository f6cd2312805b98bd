import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api } from './support/service-api.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown, textOf } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
  // These tests publish whatever video comes first: the team asks about nothing first
  // (readiness.test.ts covers the asking).
  await app.page.goto(`${app.url}/videos`)
  await api(app, 'PUT', '/api/dashboard/settings/readiness', { required: [] })
})
afterAll(() => app?.close())

const publishing = () => textOf(app.page.getByRole('region', { name: 'Publishing' }))

async function openFirstVideo() {
  const { page } = app
  await page.goto(`${app.url}/videos?published=true`)
  const first = page.locator('ul[aria-label="Videos"] li a').first()
  await shown(first)
  await first.click()
  await page.waitForURL(/\/videos\/[A-Za-z0-9]+/)
  await shown(page.getByRole('region', { name: 'Publishing' }))
}

it('edits and saves a caption and a hashtag, and the library shows them without a reload', async () => {
  const { page } = app
  await openFirstVideo()
  const caption = `Spring edit ${Date.now()}`
  await page.getByRole('textbox', { name: 'Caption' }).fill(caption)
  await page.getByRole('textbox', { name: 'Hashtags' }).fill('#springdrop')
  await page.getByRole('textbox', { name: 'Hashtags' }).press('Enter')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await shown(page.getByText('Saved', { exact: true }))
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(caption)

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Video library' })
    .click()
  await page.getByLabel('Search captions').fill(caption)
  await expect
    .poll(() => page.locator('ul[aria-label="Videos"] li a').allTextContents())
    .toEqual([caption])
})

it('refuses a call to action without an address before sending anything', async () => {
  const { page } = app
  await openFirstVideo()
  const traffic = recordTraffic(page)
  await page.getByLabel('Action type').selectOption('shop_now')
  await page.getByLabel('Link address').fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await shown(page.getByText(/address is required|Enter the address|required/i).first())
  traffic.stop()
  expect(traffic.requests.filter((request) => request.method === 'PATCH')).toEqual([])
})

it('schedules, publishes now, archives and unarchives, showing each result at once', async () => {
  const { page } = app
  await openFirstVideo()
  const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000)
  const local = new Date(inThreeDays.getTime() - inThreeDays.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16)
  await page.getByRole('button', { name: 'Schedule…' }).click()
  await page.getByLabel('Publish at').fill(local)
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect.poll(publishing).toContain('Scheduled for')

  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect.poll(publishing).toContain('Live since')

  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect.poll(publishing).toContain('Archived on')
  await page.getByRole('button', { name: 'Unarchive' }).click()
  await expect.poll(publishing).not.toContain('Archived on')

  await page.reload()
  await expect.poll(publishing).toContain('Live since')
})

it('refuses a schedule beyond 28 days with a message', async () => {
  const { page } = app
  await openFirstVideo()
  const far = new Date(Date.now() + 40 * 24 * 3600_000).toISOString().slice(0, 16)
  await page.getByRole('button', { name: 'Schedule…' }).click()
  await page.getByLabel('Publish at').fill(far)
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await shown(page.getByRole('alert').filter({ hasText: /28 days/ }))
})

it('has no serious or critical accessibility violation', async () => {
  await openFirstVideo()
  await app.page.waitForLoadState('networkidle')
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
})
