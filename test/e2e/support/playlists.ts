import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Playlist, VideoList } from '@/api/generated/types.gen.ts'
import type { RunningApp } from './app.ts'
import { api } from './service-api.ts'

export interface TestPlaylist {
  id: string
  channelId: string
  videoIds: string[]
  captions: Map<string, string>
}

/** A new playlist of `count` approved videos of the first channel, in the library's order. */
export async function newPlaylist(app: RunningApp, name: string, count: number) {
  await app.page.goto(`${app.url}/playlists`)
  const { channels } = await api<{ channels: Array<{ id: string }> }>(
    app,
    'GET',
    '/api/v1/channels',
  )
  const channelId = channels[0]?.id ?? ''
  const list = await api<VideoList>(
    app,
    'GET',
    `/api/v1/videos?channel_id=${channelId}&status=approved&published=true&page_size=100&fields=caption`,
  )
  const videos = list.videos.slice(0, count)
  expect(videos).toHaveLength(count)
  const playlist = await api<Playlist>(app, 'POST', '/api/v1/playlists', {
    channel_id: channelId,
    name,
    video_ids: videos.map((video) => video.id),
  })
  return {
    id: playlist.id,
    channelId,
    videoIds: playlist.video_ids,
    captions: new Map(videos.map((video) => [video.id, String(video.caption)])),
  } satisfies TestPlaylist
}

export const storedOrder = (app: RunningApp, id: string) =>
  api<Playlist>(app, 'GET', `/api/v1/playlists/${id}`).then((playlist) => playlist.video_ids)

/** Opens the playlist's page and waits until its first row is labelled with its caption. */
export async function openPlaylist(app: RunningApp, playlist: TestPlaylist) {
  await app.page.goto(`${app.url}/playlists/${playlist.id}`)
  const first = playlist.captions.get(playlist.videoIds[0] ?? '') ?? ''
  await app.page.getByRole('button', { name: `Reorder ${first}`, exact: true }).waitFor()
}

export const row = (page: Page, id: string) => page.locator(`li[data-id="${id}"]`)

/** The ids of the rows mounted now, top to bottom. */
export const mountedOrder = (page: Page) =>
  page
    .locator('ul[aria-label^="Videos of"] > li[data-id], ul[aria-label^="Videos of"] li[data-id]')
    .evaluateAll((items) =>
      items
        .map((item) => ({
          id: item.getAttribute('data-id') ?? '',
          top: item.getBoundingClientRect().top,
        }))
        .sort((a, b) => a.top - b.top)
        .map((item) => item.id),
    )

/** Waits until the service holds `order` and nothing waits to be saved. */
export async function savedAs(app: RunningApp, id: string, order: readonly string[]) {
  await expect.poll(() => storedOrder(app, id)).toEqual(order)
  await app.page.getByText('All changes saved').waitFor()
}

/** `order` with the items at `from` moved as a block so the first lands at `to`. */
export function moved(order: readonly string[], ids: readonly string[], to: number) {
  const rest = order.filter((id) => !ids.includes(id))
  return [...rest.slice(0, to), ...ids, ...rest.slice(to)]
}
