import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { checked, focused, gone, shown } from './support/ui.ts'

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

  // Pressed again only while the focus has not moved, as a person would: twice in a full run, a
  // press sent the moment the list appeared was lost, and never when this file ran alone.
  const search = page.getByLabel('Search captions')
  const searchFocused = () => search.evaluate((element) => element === document.activeElement)
  const slashFocusesSearch = async () => {
    if (await searchFocused()) return true
    await page.keyboard.press('/')
    return searchFocused()
  }
  await expect.poll(slashFocusesSearch, { timeout: 5_000, interval: 500 }).toBe(true)

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

it('lists every key of the screen in the ? help, also offered by a button, and closes with Escape', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await shown(page.locator('ul[aria-label="Videos"] li').first())

  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await shown(help.getByRole('region', { name: 'Video library' }).getByText('Search captions'))
  await shown(help.getByRole('region', { name: 'Everywhere' }).getByText('Go to the notifications'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await gone(help)

  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await shown(help.getByText('Select or unselect the video'))
  await help.getByRole('button', { name: 'Close' }).click()
  await gone(help)
  await focused(page.getByRole('button', { name: 'Keyboard shortcuts' }))
})
