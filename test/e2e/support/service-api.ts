import type { VideoList } from '@/api/generated/types.gen.ts'
import type { RunningApp } from './app.ts'

// Calls the service through the dashboard's own /api/v1 forwarding, as the app does: what these
// read is what the service stores.
export async function api<T>(app: RunningApp, method: string, path: string, body?: unknown) {
  return (await app.page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          'x-dashboard-request': '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`)
      return response.status === 204 ? null : response.json()
    },
    { method, path, body },
  )) as T
}

/**
 * The first video of the business in one of `states` (processing status), on any of its channels.
 * The page must be on the dashboard (`api` calls through it).
 */
export async function firstVideoId(app: RunningApp, states: readonly string[]) {
  const { channels } = await api<{ channels: Array<{ id: string }> }>(
    app,
    'GET',
    '/api/v1/channels',
  )
  for (const channel of channels)
    for (const status of states) {
      const list = await api<VideoList>(
        app,
        'GET',
        `/api/v1/videos?channel_id=${channel.id}&status=${status}&page_size=1&fields=caption`,
      )
      if (list.videos[0]) return list.videos[0].id
    }
  throw new Error(`no video ${states.join(' or ')} in the demo data`)
}

/** The first channel's videos as the service lists them, with `query` (`status=approved&…`). */
export async function firstChannelVideos(app: RunningApp, query: string) {
  const { channels } = await api<{ channels: Array<{ id: string }> }>(
    app,
    'GET',
    '/api/v1/channels',
  )
  return api<VideoList>(app, 'GET', `/api/v1/videos?channel_id=${channels[0]?.id}&${query}`)
}

/**
 * Another person renames a video: a call from outside the browser (which may be offline), through
 * the same dashboard server, signed in as the app's account.
 */
export async function renameVideo(app: RunningApp, videoId: string, caption: string) {
  const response = await fetch(`${app.url}/api/v1/videos/${videoId}`, {
    method: 'PATCH',
    headers: { ...app.session, 'content-type': 'application/json' },
    body: JSON.stringify({ caption }),
  })
  if (response.status !== 200) throw new Error(`renaming ${videoId}: ${response.status}`)
}
