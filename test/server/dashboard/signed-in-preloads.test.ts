import { expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'

const running = dashboardWithFakeService('file')
const opening = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }
const linked = (link: string | string[] | undefined, rel: string) =>
  String(link ?? '')
    .split(',')
    .filter((entry) => entry.includes(`rel=${rel}`))
    .map((entry) => entry.trim().match(/^<([^>]+)>/)?.[1])

it('tells a signed-in browser opening a page to start who is signed in and the channels with it, and to connect to the service’s pictures', async () => {
  const { url, session } = running.dashboard
  for (const path of ['/videos', '/playlists?q=spring', '/videos/v1']) {
    const page = await send(url, path, { headers: { ...opening, cookie: session.cookie ?? '' } })
    expect(page.status, path).toBe(200)
    expect(linked(page.headers.link, 'preload'), path).toEqual(['/auth/me', '/api/v1/channels'])
    expect(linked(page.headers.link, 'preconnect'), path).toEqual([
      new URL(running.service.url).origin,
    ])
    expect(page.headers.link).toMatch(/as=fetch; crossorigin/)
  }
})

it('gives no such hint to a signed-out visitor, nor with the app’s own files', async () => {
  const { url, session } = running.dashboard
  const signedOut = await send(url, '/videos', { headers: opening })
  expect(signedOut.status).toBe(200)
  expect(signedOut.headers.link).toBeUndefined()
  const script = await send(url, '/assets/index-Dk3f9Qa1.js', {
    headers: { 'sec-fetch-dest': 'script', cookie: session.cookie ?? '' },
  })
  expect(script.status).toBe(200)
  expect(script.headers.link).toBeUndefined()
})
