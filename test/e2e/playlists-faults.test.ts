import { afterAll, beforeAll, expect, it } from 'vitest'
import type { VideoList } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { failedRequest } from './support/page-errors.ts'
import {
  moved,
  newPlaylist,
  openPlaylist,
  row,
  savedAs,
  storedOrder,
  type TestPlaylist,
} from './support/playlists.ts'
import { api } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const caption = (playlist: TestPlaylist, id: string) => playlist.captions.get(id) ?? ''
const position = (id: string) =>
  row(app.page, id).locator('[data-position]').getAttribute('data-position')

async function moveToTop(playlist: TestPlaylist, id: string) {
  await app.page.getByRole('button', { name: `Move ${caption(playlist, id)}`, exact: true }).click()
  await app.page.getByRole('menuitem', { name: 'Move to top' }).click()
}

it('rolls back to the stored order with the reason when the service fails a save', async () => {
  const playlist = await newPlaylist(app, 'Fails once', 8)
  await openPlaylist(app, playlist)
  app.expectConsoleError(failedRequest(500, `${app.url}/api/v1/playlists/${playlist.id}/videos`))
  await app.page.route(`**/api/v1/playlists/${playlist.id}/videos`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { error: 'Database is on fire' } })
      : route.fallback(),
  )
  const last = playlist.videoIds.at(-1) ?? ''
  await moveToTop(playlist, last)
  await shown(
    app.page.getByText(
      'Not saved. The service failed to save it (HTTP 500: Database is on fire). The playlist shows the order the service holds.',
    ),
  )
  await expect.poll(() => position(last)).toBe('8')
  expect(await storedOrder(app, playlist.id)).toEqual(playlist.videoIds)
})

it("says why the service refuses another business's video, and keeps the stored order", async () => {
  const playlist = await newPlaylist(app, 'Foreign video', 4)
  const solo = await soloVideoId()
  app.expectConsoleError(failedRequest(403, `${app.url}/api/v1/playlists/${playlist.id}/videos`))
  await openPlaylist(app, playlist)
  // A video id the picker would never offer (another business's), as a stale tab might send.
  await app.page.route(`**/api/v1/playlists/${playlist.id}/videos`, (route) =>
    route.request().method() === 'POST'
      ? route.fallback({ postData: JSON.stringify({ video_id: solo, position: 0 }) })
      : route.fallback(),
  )
  await app.page.getByRole('button', { name: 'Add videos…' }).click()
  const picker = app.page.getByRole('dialog', { name: 'Add videos to the playlist' })
  await picker.getByRole('list').getByRole('checkbox', { disabled: false }).first().check()
  await picker.getByRole('button', { name: 'Add 1 video' }).click()
  await shown(app.page.getByText(/^Not saved\. Video .*another business/))
  // One message: the refusal took the place of the addition's confirmation and its Undo.
  expect(await app.page.getByText(/^Added /).count()).toBe(0)
  await expect.poll(() => app.page.getByText('4 videos ·').count()).toBe(1)
  expect(await storedOrder(app, playlist.id)).toEqual(playlist.videoIds)
})

it('warns before overwriting a playlist changed elsewhere, and can reload or overwrite', async () => {
  const playlist = await newPlaylist(app, 'Two editors', 6)
  await openPlaylist(app, playlist)
  const theirs = [...playlist.videoIds].reverse()
  await api(app, 'PUT', `/api/v1/playlists/${playlist.id}/videos`, { video_ids: theirs })

  const last = playlist.videoIds.at(-1) ?? ''
  await moveToTop(playlist, last)
  const warning = app.page.getByRole('dialog', { name: 'This playlist was changed elsewhere' })
  await shown(warning)
  expect(await storedOrder(app, playlist.id)).toEqual(theirs)
  await warning.getByRole('button', { name: 'Reload the playlist' }).click()
  await gone(warning)
  await expect.poll(() => position(playlist.videoIds[0] ?? '')).toBe('6')
  expect(await storedOrder(app, playlist.id)).toEqual(theirs)

  await api(app, 'PUT', `/api/v1/playlists/${playlist.id}/videos`, {
    video_ids: playlist.videoIds,
  })
  const first = theirs[0] ?? ''
  await app.page
    .getByRole('button', { name: `Move ${caption(playlist, first)}`, exact: true })
    .click()
  await app.page.getByRole('menuitem', { name: 'Move to bottom' }).click()
  await warning.getByRole('button', { name: 'Save my order over it' }).click()
  await savedAs(app, playlist.id, moved(theirs, [first], 5))
})

// Another business's video, read from the sandbox as that business.
async function soloVideoId() {
  const token = await fetch(`${app.serviceUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('solo:solo-secret')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  }).then((response) => response.json() as Promise<{ access_token: string }>)
  const list = (await fetch(`${app.serviceUrl}/api/v1/videos?fields=caption`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  }).then((response) => response.json())) as VideoList
  return list.videos[0]?.id ?? ''
}
