import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { shown, textOf } from './support/ui.ts'

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

it('after arriving from another screen, Back from a search shows the whole library, then that screen', async () => {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  await shown(page.getByRole('heading', { level: 1, name: 'Uploads' }))
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Video library' })
    .click()
  const total = page.getByText(/^\d[\d,]* videos?/)
  await expect.poll(() => textOf(total)).toMatch(/^\d[\d,]* videos$/)
  const wholeLibrary = await textOf(total)
  const entries = () => page.evaluate(() => history.length)
  const entriesBefore = await entries()

  // Slower than the search's pause, so every keystroke reaches the URL.
  await page.getByLabel('Search captions').pressSequentially('the', { delay: 300 })
  await page.waitForURL((url) => url.searchParams.get('q') === 'the')
  await expect.poll(() => textOf(total)).toMatch(/videos? match/)
  expect(await entries()).toBe(entriesBefore + 1)

  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/videos' && !url.searchParams.has('q'))
  await expect.poll(() => textOf(total)).toBe(wholeLibrary)
  expect(await page.getByLabel('Search captions').inputValue()).toBe('')

  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/uploads')
  await shown(page.getByRole('heading', { level: 1, name: 'Uploads' }))
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
