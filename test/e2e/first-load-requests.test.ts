import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { focused, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
})
afterAll(() => app?.close())

const apiRequests = (page: RunningApp['page']) => {
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/auth/me' || pathname.startsWith('/api/v1/')) asked.push(pathname)
  })
  return asked
}

it('opens the library rendered on the server: its cards come in the page, with one script and no request for data', async () => {
  const { page } = app
  const asked = apiRequests(page)
  const response = await page.goto(`${app.url}/videos`)
  const html = (await response?.text()) ?? ''
  const firstCard = page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first()
  await shown(firstCard)

  const caption = (await firstCard.getByRole('link').first().textContent())?.trim() ?? ''
  expect(caption).not.toBe('')
  expect(html).toContain(caption)
  // Hydrated: the page's own keys answer.
  await page.keyboard.press('/')
  await focused(page.getByLabel('Search captions'))
  // The first screen's code is one file (decision 0017): a second would be one more request
  // before the page can be used.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  )
  expect(scripts).toHaveLength(1)
  expect(asked).toEqual([])
})

it('opens a screen the browser renders with the account and channel requests begun by the page, once each', async () => {
  const { page } = app
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const asked = apiRequests(page)
  await page.goto(`${app.url}/playlists`)
  await shown(page.getByRole('heading', { name: 'Playlists', level: 1 }))

  expect(asked.filter((path) => ['/auth/me', '/api/v1/channels'].includes(path)).sort()).toEqual([
    '/api/v1/channels',
    '/auth/me',
  ])
  // Started by the page's preload hints, not after the scripts ran, and used as they were.
  const startedBy = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => ['/auth/me', '/api/v1/channels'].includes(new URL(entry.name).pathname))
      .map((entry) => entry.initiatorType),
  )
  expect(startedBy).toEqual(['link', 'link'])
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([])
})
