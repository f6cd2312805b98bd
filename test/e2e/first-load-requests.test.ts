import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
})
afterAll(() => app?.close())

it('opens the library with one script and one request each for the account, the channels and the first page, the first two begun with the page', async () => {
  const { page } = app
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/auth/me' || pathname.startsWith('/api/v1/')) asked.push(pathname)
  })

  await page.goto(`${app.url}/videos`)
  await shown(page.getByRole('list', { name: 'Videos' }).getByRole('listitem').first())

  expect(asked.filter((path) => path !== '/api/v1/videos').sort()).toEqual([
    '/api/v1/channels',
    '/auth/me',
  ])
  expect(asked.filter((path) => path === '/api/v1/videos')).toHaveLength(1)
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
  // The first screen's code is one file (decision 0017): a second would be one more request
  // before the first paint.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  )
  expect(scripts).toHaveLength(1)
})
