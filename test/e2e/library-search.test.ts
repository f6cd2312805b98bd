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
  // The app's first list from a just-started service: over a second on a busy machine.
  await expect.poll(() => captions().then((c) => c.length), { timeout: 10_000 }).toBeGreaterThan(10)

  await page.getByLabel('Search captions').fill('the')
  await page.waitForURL(/q=the/)
  await expect
    .poll(async () => (await captions()).every((c) => c.toLowerCase().includes('the')))
    .toBe(true)
  const matching = await page.getByText(/videos? match/).textContent()
  // Thumbnails wait for a pause in typing; then the first card's is drawn.
  const thumbnail = page.locator('ul[aria-label="Videos"] li img').first()
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

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

it('typing fast keeps every key and shows the results of the whole word, never of a prefix', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await expect.poll(() => captions().then((c) => c.length)).toBeGreaterThan(10)
  const entriesBefore = await page.evaluate(() => history.length)
  // From the moment the whole word is in the URL, every list the page shows is recorded.
  await page.evaluate(() => {
    const shown: string[][] = []
    ;(window as unknown as { shownForWord: string[][] }).shownForWord = shown
    new MutationObserver(() => {
      if (new URLSearchParams(location.search).get('q') !== 'review') return
      shown.push(
        Array.from(document.querySelectorAll('ul[aria-label="Videos"] li a'), (a) =>
          (a.textContent ?? '').toLowerCase(),
        ),
      )
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })

  await page.getByLabel('Search captions').pressSequentially('review', { delay: 5 })
  await page.waitForURL((url) => url.searchParams.get('q') === 'review')
  const count = page.locator('[data-library-count]')
  await expect
    .poll(async () => {
      const shown = await captions()
      const status = await textOf(count)
      return (
        shown.length > 0 &&
        shown.every((c) => c.toLowerCase().includes('review')) &&
        !status.includes('updating')
      )
    })
    .toBe(true)
  await page.waitForLoadState('networkidle')

  expect(await page.getByLabel('Search captions').inputValue()).toBe('review')
  const lists = await page.evaluate(
    () => (window as unknown as { shownForWord: string[][] }).shownForWord,
  )
  // Once the word's results are shown, no earlier prefix's list replaces them.
  const first = lists.findIndex(
    (list) => list.length > 0 && list.every((c) => c.includes('review')),
  )
  expect(first).toBeGreaterThanOrEqual(0)
  expect(lists.slice(first).every((list) => list.every((c) => c.includes('review')))).toBe(true)
  expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1)
  // The screen reader hears the count once it settles, not every keystroke's.
  await expect
    .poll(() => textOf(page.getByRole('status').filter({ hasText: /^Search found/ })))
    .toMatch(/^Search found \d[\d,]* videos? match$/)
})

it('keeps a word typed just before a filter is chosen, and its results', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await expect.poll(() => captions().then((c) => c.length)).toBeGreaterThan(10)
  // The address takes a search once typing pauses; the filter is chosen before that.
  await page.getByLabel('Search captions').fill('the')
  await page.getByLabel('Publication').selectOption({ label: 'Draft or scheduled' })
  await page.waitForURL(
    (url) => url.searchParams.get('q') === 'the' && url.searchParams.get('published') === 'false',
  )
  await expect
    .poll(async () =>
      (await page.locator('ul[aria-label="Videos"] li').allTextContents()).every(
        (text) => /Draft|Scheduled/.test(text) && text.toLowerCase().includes('the'),
      ),
    )
    .toBe(true)
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
