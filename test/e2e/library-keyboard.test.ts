import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { checked, focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

it('works from the keyboard: / searches, j/k move, x selects, Enter opens', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const items = page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(5)

  await page.keyboard.press('/')
  await focused(page.getByLabel('Search captions'))

  await items.nth(0).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('k')
  await focused(items.nth(1))
  await page.keyboard.press('x')
  await checked(items.nth(1).getByRole('checkbox'))
  await shown(page.getByText('1 selected'))

  const href = await items.nth(1).locator('a').getAttribute('href')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === href)
})
