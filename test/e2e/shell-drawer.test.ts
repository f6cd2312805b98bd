import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { focused, gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  await app.page.setViewportSize({ width: 390, height: 844 })
})
afterAll(() => app?.close())

const focusInside = (selector: string) =>
  app.page.evaluate((selector) => document.activeElement?.closest(selector) !== null, selector)

it('on a phone the content starts near the top and the areas are in a drawer', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const heading = page.getByRole('heading', { level: 1, name: 'Video library' })
  await shown(heading)
  expect((await heading.boundingBox())?.y).toBeLessThanOrEqual(120)
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  await shown(drawer)
  expect(await focusInside('dialog')).toBe(true)
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab')
    expect(await focusInside('dialog')).toBe(true)
  }
  await page.keyboard.press('Escape')
  await gone(drawer)
  await focused(menu)

  await menu.click()
  await drawer.getByRole('link', { name: 'Playlists' }).click()
  await shown(page.getByRole('heading', { level: 1, name: 'Playlists' }))
  await gone(drawer)
  await focused(menu)
  await menu.click()
  expect(await drawer.getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe(
    'page',
  )
  await drawer.getByRole('button', { name: 'Close navigation' }).click()
  await gone(drawer)
})
