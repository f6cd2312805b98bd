import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { gone, shown, textOf } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const captions = () => app.page.locator('ul[aria-label="Videos"] li a').allTextContents()
const results = () => textOf(app.page.getByRole('region', { name: 'Bulk action results' }))
const total = () => textOf(app.page.getByText(/^\d[\d,]* videos?/))

it('archives two selected videos, reports the result, and the library updates without a reload', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const items = page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(5)
  const chosen = [await textOf(items.nth(0).locator('a')), await textOf(items.nth(1).locator('a'))]
  await items.nth(0).getByRole('checkbox').check()
  await items.nth(1).getByRole('checkbox').check()
  await shown(page.getByText('2 selected'))

  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect.poll(results).toContain('2 succeeded')
  await expect.poll(captions).not.toContain(chosen[0])

  await page.getByLabel('Archive', { exact: true }).selectOption({ label: 'Archived only' })
  await page.waitForURL(/archived=true/)
  await expect.poll(captions).toEqual(expect.arrayContaining(chosen))
})

it('asks before deleting and deletes only on confirmation', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const items = page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(5)
  const before = await total()
  await items.nth(0).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Delete…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete 1 video?' })
  await shown(dialog)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await gone(dialog)
  expect(await total()).toBe(before)

  await page.getByRole('button', { name: 'Delete…' }).click()
  await dialog.getByRole('button', { name: 'Delete 1 video' }).click()
  await expect.poll(results).toContain('1 succeeded')
  await expect.poll(total).not.toBe(before)
})
