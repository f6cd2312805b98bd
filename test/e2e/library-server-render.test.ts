import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { renameVideo } from './support/service-api.ts'
import { focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
})
afterAll(() => app?.close())

const cards = (page: RunningApp['page']) =>
  page.getByRole('list', { name: 'Videos' }).getByRole('listitem')

it('shows a caption that looks like markup as text, in the server-rendered page and once hydrated', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const href = (await cards(page).first().getByRole('link').first().getAttribute('href')) ?? ''
  const caption = '</script><script>document.title="pwned"</script> <!-- & "quotes"'
  await renameVideo(app, href.split('/').pop() ?? '', caption)

  const html = (await (await page.goto(`${app.url}/videos`))?.text()) ?? ''
  await shown(cards(page).first().getByText(caption).first())

  expect(html).not.toContain('<script>document.title')
  expect(await page.title()).not.toBe('pwned')
  // Hydrated: the page's own keys answer.
  await page.keyboard.press('/')
  await focused(page.getByLabel('Search captions'))
})

it('acts on a key pressed on the server-rendered page as soon as its script has run', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`, { waitUntil: 'commit' })
  await shown(cards(page).first())
  // The app's script has run: its first act is to set the theme on the page.
  await page.waitForFunction(() => /\b(light|dark)\b/.test(document.documentElement.className))
  await page.keyboard.press('/')
  await focused(page.getByLabel('Search captions'))
})

it('renders the sidebar collapsed on the server when it was left collapsed, so nothing moves on hydration', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  await shown(page.getByRole('button', { name: 'Expand sidebar' }))

  const html = (await (await page.goto(`${app.url}/videos`))?.text()) ?? ''
  expect(html).toContain('Expand sidebar')
  expect(html).not.toContain('Collapse sidebar')
  await page.getByRole('button', { name: 'Expand sidebar' }).click()
  await shown(page.getByRole('button', { name: 'Collapse sidebar' }))
})

it('sends the library in the theme chosen in the account menu, so it never paints in the system’s first', async () => {
  const { page } = app
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${app.url}/videos`)
  await page.getByRole('button', { name: /\(Admin\)$/ }).click()
  await page.getByRole('radio', { name: 'Dark' }).check()

  const html = (await (await page.goto(`${app.url}/videos`))?.text()) ?? ''
  expect(html).toMatch(/^<!doctype html>\s*<html class="dark"/)
  await shown(cards(page).first())

  await page.getByRole('button', { name: /\(Admin\)$/ }).click()
  await page.getByRole('radio', { name: 'System' }).check()
  const system = (await (await page.goto(`${app.url}/videos`))?.text()) ?? ''
  expect(system).toMatch(/^<!doctype html>\s*<html lang="en">/)
})

it('renders the channel the business lists first, whatever channel the browser remembers', async () => {
  const { page } = app
  const remembered = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'library-channel')?.value
  await page.goto(`${app.url}/videos`)
  await shown(cards(page).first())
  await expect.poll(remembered).toMatch(/\w/)
  const first = await remembered()

  // Another channel of the business, as if the library had shown it last.
  const other = await page.evaluate(async (shown) => {
    const { channels } = await fetch('/api/v1/channels').then((response) => response.json())
    return (channels as { id: string }[]).find((channel) => channel.id !== shown)?.id
  }, first)
  expect(other).toMatch(/\w/)
  await page.context().addCookies([{ name: 'library-channel', value: other ?? '', url: app.url }])
  const html = (await (await page.goto(`${app.url}/videos`))?.text()) ?? ''
  const block = /<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(html)
  const { queries } = JSON.parse(block?.[1] ?? '{}') as {
    queries: { queries: { queryKey: unknown[] }[] }
  }
  const lists = queries.queries.filter(({ queryKey }) => queryKey[0] === 'videos')
  // Only the page shown: the other channel's, asked for at once, was dropped once the channels
  // were known.
  expect(lists.map(({ queryKey }) => queryKey[2])).toEqual([first])
  await shown(cards(page).first())
  await expect.poll(remembered).toBe(first)
})
