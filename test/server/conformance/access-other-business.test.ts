/**
 * Another business's resources give 403: document 1 section 5 rule 2, document 2 section 5.
 */
import { describe, expect, it } from 'vitest'
import { type Call, send, setUpAccessTargets } from './access-targets.ts'
import { expectError, setUpHarness } from './harness.ts'

const h = setUpHarness()
const t = setUpAccessTargets(h, { soloVideo: true })

describe("another business's resources give 403", () => {
  const soloCalls: Array<[string, Call]> = [
    [
      'list videos of its channel',
      { method: 'GET', path: () => '/api/v1/videos', query: () => ({ channel_id: t.mainChannel }) },
    ],
    ['get its video', { method: 'GET', path: () => `/api/v1/videos/${t.mainVideo}` }],
    [
      'update its video',
      {
        method: 'PATCH',
        path: () => `/api/v1/videos/${t.mainVideo}`,
        json: () => ({ caption: 'x' }),
      },
    ],
    ['delete its video', { method: 'DELETE', path: () => `/api/v1/videos/${t.mainVideo}` }],
    ['archive its video', { method: 'POST', path: () => `/api/v1/videos/${t.mainVideo}/archive` }],
    [
      'unarchive its video',
      { method: 'POST', path: () => `/api/v1/videos/${t.mainVideo}/unarchive` },
    ],
    ['publish its video', { method: 'POST', path: () => `/api/v1/videos/${t.mainVideo}/publish` }],
    [
      'unpublish its video',
      { method: 'POST', path: () => `/api/v1/videos/${t.mainVideo}/unpublish` },
    ],
    [
      'read its product matches',
      { method: 'GET', path: () => `/api/v1/videos/${t.mainVideo}/product_matches` },
    ],
    [
      'add a subtitle to its video',
      {
        method: 'POST',
        path: () => `/api/v1/videos/${t.mainVideo}/subtitles`,
        json: () => ({ language: 'en', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n' }),
      },
    ],
    [
      'create a video in its channel',
      {
        method: 'POST',
        path: () => '/api/v1/videos',
        json: () => ({ channel_id: t.mainChannel, url: 'https://example.com/v.mp4' }),
      },
    ],
    [
      'sign an upload for its channel',
      {
        method: 'POST',
        path: () => '/api/v1/upload_signatures',
        json: () => ({ channel_id: t.mainChannel, filename: 'a.mp4', mime_type: 'video/mp4' }),
      },
    ],
    [
      'sign a multipart upload for its channel',
      {
        method: 'POST',
        path: () => '/api/v1/upload_multipart/signatures',
        json: () => ({
          channel_id: t.mainChannel,
          filename: 'a.mp4',
          mime_type: 'video/mp4',
          parts_count: 1,
        }),
      },
    ],
    ['get its store', { method: 'GET', path: () => `/api/v1/business_stores/${t.mainStore}` }],
    [
      'update its store',
      {
        method: 'PATCH',
        path: () => `/api/v1/business_stores/${t.mainStore}`,
        json: () => ({ name: 'x' }),
      },
    ],
    [
      'delete its store',
      { method: 'DELETE', path: () => `/api/v1/business_stores/${t.mainStore}` },
    ],
    [
      'list its stores by business_id',
      {
        method: 'GET',
        path: () => '/api/v1/business_stores',
        query: () => ({ business_id: t.mainBusiness }),
      },
    ],
    [
      'list its channel playlists',
      {
        method: 'GET',
        path: () => '/api/v1/playlists',
        query: () => ({ channel_id: t.mainChannel }),
      },
    ],
    [
      'create a playlist in its channel',
      {
        method: 'POST',
        path: () => '/api/v1/playlists',
        json: () => ({ channel_id: t.mainChannel, name: 'x' }),
      },
    ],
    [
      'update its playlist',
      {
        method: 'PATCH',
        path: () => `/api/v1/playlists/${t.mainPlaylist}`,
        json: () => ({ name: 'x' }),
      },
    ],
    [
      'delete its playlist',
      { method: 'DELETE', path: () => `/api/v1/playlists/${t.mainPlaylist}` },
    ],
    ['read its playlist', { method: 'GET', path: () => `/api/v1/playlists/${t.mainPlaylist}` }],
    [
      'list its playlist videos',
      { method: 'GET', path: () => `/api/v1/playlists/${t.mainPlaylist}/videos` },
    ],
    [
      'add to its playlist',
      {
        method: 'POST',
        path: () => `/api/v1/playlists/${t.mainPlaylist}/videos`,
        json: () => ({ video_id: t.soloVideo }),
      },
    ],
    [
      'reorder its playlist',
      {
        method: 'PUT',
        path: () => `/api/v1/playlists/${t.mainPlaylist}/videos`,
        json: () => ({ video_ids: [t.mainVideo] }),
      },
    ],
    [
      'remove from its playlist',
      { method: 'DELETE', path: () => `/api/v1/playlists/${t.mainPlaylist}/videos/${t.mainVideo}` },
    ],
    [
      'pin in its playlist',
      {
        method: 'POST',
        path: () => `/api/v1/playlists/${t.mainPlaylist}/videos/${t.mainVideo}/pin`,
      },
    ],
  ]
  for (const [name, call] of soloCalls) {
    it(`solo client: ${name}`, async () => {
      expectError(await send(h, call, await h.token('solo')), 403)
    })
  }

  it('main client: get, update and archive a solo video', async () => {
    const token = await h.token('main')
    expectError(await h.api('GET', `/api/v1/videos/${t.soloVideo}`, { token }), 403)
    expectError(
      await h.api('PATCH', `/api/v1/videos/${t.soloVideo}`, { token, json: { caption: 'x' } }),
      403,
    )
    expectError(await h.api('POST', `/api/v1/videos/${t.soloVideo}/archive`, { token }), 403)
  })

  it('the main playlist and video are untouched by the refused calls', async () => {
    const video = await h.api('GET', `/api/v1/videos/${t.mainVideo}`)
    expect(video.status).toBe(200)
    expect(video.json.caption).not.toBe('x')
    const playlists = await h.api('GET', `/api/v1/playlists/${t.mainPlaylist}/videos`)
    expect(playlists.status).toBe(200)
    expect(playlists.json.videos.map((v: { id: string }) => v.id)).toEqual([t.mainVideo])
  })
})
