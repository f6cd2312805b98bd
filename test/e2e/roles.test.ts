import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10, role: 'viewer' })
})
afterAll(() => app?.close())

it('shows a viewer everything, says why they cannot change it, and nothing they press changes anything', async () => {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  await shown(page.getByText('Uploading is not part of your role'))
  await shown(page.getByText(/You are a viewer: this needs an editor\. Ask an admin/))
  expect(await page.locator('.uppy-Dashboard-input').count()).toBe(0)

  await page.goto(`${app.url}/stores`)
  const newStore = page.getByRole('button', { name: 'New store' })
  await shown(newStore)
  expect(await newStore.getAttribute('aria-disabled')).toBe('true')
  await expect
    .poll(() => newStore.evaluate((button) => button.getAttribute('aria-describedby')))
    .toBeTruthy()
  await newStore.focus()
  await page.keyboard.press('Enter')
  expect(await page.getByRole('dialog').count()).toBe(0)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // Admin screens are not in a viewer's navigation.
  expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0)
})
