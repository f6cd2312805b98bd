import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const cards = () => app.page.locator('ul[aria-label="Videos"] li')

const inView = (index: number) =>
  cards()
    .nth(index)
    .evaluate((card) => {
      const box = card.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })

it('returns by Back to the card opened from low on the library, and opens it at the top by its link', async () => {
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto(`${app.url}/videos`)
  await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(24)

  const openLast = async () => {
    const last = cards().nth(23)
    await last.scrollIntoViewIfNeeded()
    const caption = (await last.locator('a').first().textContent()) ?? ''
    await last.locator('a').first().click()
    await shown(page.getByRole('heading', { level: 1, name: caption }))
  }
  await openLast()
  await page.goBack()
  await expect.poll(() => inView(23)).toBe(true)
  expect(await inView(0)).toBe(false)

  await openLast()
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Video library' })
    .click()
  await expect.poll(() => cards().count()).toBe(24)
  await expect.poll(() => inView(0)).toBe(true)
})
