import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Playlist } from '@/api/generated/types.gen.ts'
import { type RunningApp, startApp } from './support/app.ts'
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
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  // Enough approved, live videos on the first channel for a 50-video playlist.
  app = await startApp({ seedVideos: 240 })
})
afterAll(() => app?.close())

const caption = (playlist: TestPlaylist, id: string) => playlist.captions.get(id) ?? ''
const moveMenu = (playlist: TestPlaylist, id: string) =>
  app.page.getByRole('button', { name: `Move ${caption(playlist, id)}`, exact: true })

it('removing one video from a reordered 50-video playlist leaves the other 49 in order', async () => {
  const playlist = await newPlaylist(app, 'Fifty', 50)
  await openPlaylist(app, playlist)
  const first = playlist.videoIds[0] ?? ''
  await moveMenu(playlist, first).click()
  await app.page.getByRole('menuitem', { name: 'Move to position…' }).click()
  await app.page.getByLabel('New position (1 to 50)').fill('30')
  await app.page.getByRole('button', { name: 'Move', exact: true }).click()
  const reordered = moved(playlist.videoIds, [first], 29)
  await savedAs(app, playlist.id, reordered)

  // A neighbour of the moved video: the list has scrolled to keep that one in view.
  const gone = reordered[27] ?? ''
  await row(app.page, gone)
    .getByRole('button', { name: `Remove ${caption(playlist, gone)}` })
    .click()
  await savedAs(
    app,
    playlist.id,
    reordered.filter((id) => id !== gone),
  )
  await expect.poll(() => row(app.page, gone).count()).toBe(0)
})

it('adds videos from the picker at a chosen position, marking those already in it', async () => {
  const playlist = await newPlaylist(app, 'Picked', 6)
  await openPlaylist(app, playlist)
  await app.page.getByRole('button', { name: 'Add videos…' }).click()
  const picker = app.page.getByRole('dialog', { name: 'Add videos to the playlist' })
  const choices = picker.getByRole('list', { name: 'Videos to choose from' }).getByRole('checkbox')
  await expect.poll(() => choices.count()).toBeGreaterThan(10)
  // The picker shows the library's order, so the playlist's videos (the first six) are marked.
  await expect.poll(() => picker.getByText('In the playlist', { exact: true }).count()).toBe(6)
  const free = picker.getByRole('list').getByRole('checkbox', { disabled: false })
  const labels = await picker.locator('li:has(input:not(:disabled))').allTextContents()
  await free.nth(0).check()
  await free.nth(1).check()
  await picker.getByLabel('At position').check()
  await picker.getByLabel('Position, 1 to 7').fill('3')
  await picker.getByRole('button', { name: 'Add 2 videos' }).click()

  await expect.poll(() => storedOrder(app, playlist.id)).toHaveLength(8)
  const stored = await storedOrder(app, playlist.id)
  expect(stored.slice(0, 2)).toEqual(playlist.videoIds.slice(0, 2))
  expect(stored.slice(4)).toEqual(playlist.videoIds.slice(2))
  const added = await api<Playlist>(app, 'GET', `/api/v1/playlists/${playlist.id}`)
  for (const [index, id] of added.video_ids.slice(2, 4).entries()) {
    const video = await api<{ caption: string }>(app, 'GET', `/api/v1/videos/${id}?fields=caption`)
    expect(labels[index]).toContain(video.caption)
  }
})

it('adds a library selection to a playlist, at the top in library order', async () => {
  const playlist = await newPlaylist(app, 'From the library', 3)
  await app.page.goto(`${app.url}/videos?status=approved&published=true`)
  const items = app.page.locator('ul[aria-label="Videos"] li')
  await expect.poll(() => items.count()).toBeGreaterThan(6)
  const ids = await items.evaluateAll((list) =>
    list.slice(4, 6).map((item) => {
      const href = item.querySelector('a')?.getAttribute('href') ?? ''
      return new URL(href, location.href).pathname.split('/').pop()
    }),
  )
  await items.nth(4).getByRole('checkbox').check()
  await items.nth(5).getByRole('checkbox').check()
  await app.page.getByRole('button', { name: 'Add to playlist…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Add 2 videos to a playlist' })
  await dialog.getByLabel('From the library').check()
  await dialog.getByRole('button', { name: 'Add to “From the library”' }).click()
  await shown(
    app.page.getByRole('region', { name: 'Bulk action results' }).getByText('2 succeeded'),
  )
  expect(await storedOrder(app, playlist.id)).toEqual([...ids, ...playlist.videoIds])
})

it('undoes a move from its confirmation, and pins and unpins in an AI feed', async () => {
  const playlist = await newPlaylist(app, 'Undo', 8)
  await openPlaylist(app, playlist)
  const last = playlist.videoIds.at(-1) ?? ''
  await moveMenu(playlist, last).click()
  await app.page.getByRole('menuitem', { name: 'Move to top' }).click()
  await savedAs(app, playlist.id, moved(playlist.videoIds, [last], 0))
  // The confirmation's Undo says what it undoes.
  await app.page.getByRole('button', { name: /^Undo move of “.+” to 1$/ }).click()
  await savedAs(app, playlist.id, playlist.videoIds)
  // Pinning is absent where there is no AI feed.
  expect(await app.page.getByRole('button', { name: /^Pin / }).count()).toBe(0)

  const { channels } = await api<{ channels: Array<{ id: string }> }>(
    app,
    'GET',
    '/api/v1/channels',
  )
  const list = await api<{ playlists: Playlist[] }>(
    app,
    'GET',
    `/api/v1/playlists?channel_id=${channels[1]?.id}&q=AI feed`,
  )
  const ai = list.playlists[0] as Playlist
  const record = await api<Playlist>(app, 'GET', `/api/v1/playlists/${ai.id}`)
  const loose = record.video_ids.find((id) => !record.pinned_video_ids?.includes(id)) ?? ''
  await app.page.goto(`${app.url}/playlists/${ai.id}?channel=${channels[1]?.id}`)
  const pin = row(app.page, loose).getByRole('button', { name: /^Pin / })
  await pin.click()
  await expect
    .poll(() =>
      api<Playlist>(app, 'GET', `/api/v1/playlists/${ai.id}`).then((p) => p.pinned_video_ids),
    )
    .toContain(loose)
  await shown(row(app.page, loose).getByText('Pinned', { exact: true }))
  await row(app.page, loose)
    .getByRole('button', { name: /^Unpin / })
    .click()
  await expect
    .poll(() =>
      api<Playlist>(app, 'GET', `/api/v1/playlists/${ai.id}`).then((p) => p.pinned_video_ids),
    )
    .not.toContain(loose)
})
