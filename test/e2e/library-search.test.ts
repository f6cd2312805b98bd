import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const captions = () => app.page.locator('ul[aria-label="Videos"] li a').allTextContents()

it('searches captions and filters, keeps the view in the URL, and Back restores it', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await expect.poll(() => captions().then((c) => c.length)).toBeGreaterThan(10)

  await page.getByLabel('Search captions').fill('the')
  await page.waitForURL(/q=the/)
  await expect
    .poll(async () => (await captions()).every((c) => c.toLowerCase().includes('the')))
    .toBe(true)
  const matching = await page.getByText(/videos? match/).textContent()

  await page.getByLabel('Publication').selectOption({ label: 'Draft or scheduled' })
  await page.waitForURL(/published=false/)
  await expect
    .poll(async () =>
      (await page.locator('ul[aria-label="Videos"] li').allTextContents()).every((t) =>
        /Draft|Scheduled/.test(t),
      ),
    )
    .toBe(true)

  await page.goBack()
  await page.waitForURL((url) => !url.search.includes('published'))
  expect(new URL(page.url()).searchParams.get('q')).toBe('the')
  await expect.poll(() => page.getByText(/videos? match/).textContent()).toBe(matching)
  expect(await page.getByLabel('Search captions').inputValue()).toBe('the')
})

it('treats % and _ in a search as plain characters', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos?q=${encodeURIComponent('50%')}`)
  await expect.poll(async () => (await captions()).length).toBeGreaterThan(0)
  expect((await captions()).every((c) => c.includes('50%'))).toBe(true)
})

it('switches to the table view and keeps it across a reload', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await page.getByRole('button', { name: 'Table' }).click()
  await page.waitForURL(/view=table/)
  await page.reload()
  await shown(page.getByRole('table'))
  expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe(
    'true',
  )
})
