import type { Page } from 'playwright-core'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { PlaylistList, Video, VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { failedRequest } from './support/page-errors.ts'

import { shown } from './support/ui.ts'

let app: RunningApp
beforeEach(async () => {
  app = await startApp({ seedVideos: 10, signedOut: true })
})
afterEach(() => app?.close())

// Whatever error panel the app ever shows in this page, seen by an observer installed before the
// app's scripts: a panel shown for a single frame is caught too.
const watchForErrorPanels = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { errorPanels: string[] }).errorPanels = seen
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = alert.textContent ?? ''
        if (/Something went wrong|Sign in to use the dashboard/.test(text))
          seen.push(`${location.pathname}: ${text}`)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
const errorPanelsShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { errorPanels: string[] }).errorPanels)

// The service as the signed-out browser cannot read it: from outside, with the account's session.
async function serviceRead<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`, { headers: app.session })
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  return (await response.json()) as T
}

/** Signs in on the sign-in screen; the console errors logged from then on. */
async function signIn(page: Page): Promise<string[]> {
  await page.getByLabel('Email').fill(app.account.email)
  await page.getByLabel('Password').fill(app.account.password)
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text())
  })
  await page.getByRole('button', { name: 'Sign in' }).click()
  return logged
}

it('lands a signed-out visit to a bookmarked search on its results after sign-in, with no error shown or logged', async () => {
  const { page } = app
  // Before signing in, the app's first requests are refused, and the browser says so.
  app.expectConsoleError(failedRequest(401, app.url))
  const { channels } = await serviceRead<{ channels: Array<{ id: string }> }>('/api/v1/channels')
  const list = await serviceRead<VideoList>(
    `/api/v1/videos?channel_id=${channels[0]?.id}&page_size=1&status=approved`,
  )
  const video = list.videos[0] as Video
  const word =
    (video.caption ?? '')
      .split(/[^a-z]+/i)
      .sort((a, b) => b.length - a.length)
      .at(0) ?? ''
  await watchForErrorPanels(page)
  const listRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/videos') listRequests.push(request.url())
  })

  await page.goto(`${app.url}/videos?q=${encodeURIComponent(word)}`)
  await shown(page.getByRole('heading', { name: 'Sign in to Shoppable Studio' }))
  const before = listRequests.length
  const logged = await signIn(page)

  await page.waitForURL(`${app.url}/videos?q=${encodeURIComponent(word)}`)
  await shown(page.getByRole('link', { name: video.caption ?? '' }).first())
  expect(await page.getByLabel('Search captions').inputValue()).toBe(word)
  expect(await errorPanelsShown(page)).toEqual([])
  expect(logged).toEqual([])
  // The destination's list is asked for once.
  expect(listRequests.length - before).toBe(1)
})

it('lands a signed-out visit to a playlist on it after sign-in, with no error shown or logged', async () => {
  const { page } = app
  app.expectConsoleError(failedRequest(401, app.url))
  const { playlists } = await serviceRead<PlaylistList>(
    `/api/v1/playlists?channel_id=${(await serviceRead<{ channels: Array<{ id: string }> }>('/api/v1/channels')).channels[0]?.id}&page_size=1`,
  )
  const playlist = playlists[0]
  if (!playlist) throw new Error('the seed has no playlist')
  await watchForErrorPanels(page)

  await page.goto(`${app.url}/playlists/${playlist.id}`)
  await shown(page.getByRole('heading', { name: 'Sign in to Shoppable Studio' }))
  const logged = await signIn(page)

  await page.waitForURL(`${app.url}/playlists/${playlist.id}`)
  await shown(page.getByRole('heading', { name: playlist.name }).first())
  expect(await errorPanelsShown(page)).toEqual([])
  expect(logged).toEqual([])
})
