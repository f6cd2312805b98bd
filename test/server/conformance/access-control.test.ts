/**
 * Per-operation scopes (document 1 section 4.2 and 5; document 2 sections 4.1, 4.2 and 5) and
 * another business's resources giving 403 (document 1 section 5 rule 2, document 2 section 5).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { approvedVideoIds, createVideo } from './fixtures.ts'
import {
  type ApiResponse,
  expectError,
  type Harness,
  setUpHarness,
  uniq,
  type World,
} from './harness.ts'

const h = setUpHarness()

let world: World
let mainChannel: string
let mainVideo: string
let mainStore: string
let mainPlaylist: string
let soloVideo: string

beforeAll(async () => {
  world = await h.world()
  mainChannel = world.main.channels[0]?.id ?? ''
  mainStore = world.main.stores[0]?.id ?? ''
  mainVideo = (await approvedVideoIds(h, mainChannel, 1))[0] ?? ''
  soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
  const playlist = await h.api('POST', '/api/v1/playlists', {
    json: { channel_id: mainChannel, name: 'access control', video_ids: [mainVideo] },
  })
  expect(playlist.status).toBe(201)
  mainPlaylist = playlist.json.id
  h.cleanup(`/api/v1/playlists/${mainPlaylist}`)
})

type Call = { method: string; path: () => string; json?: () => unknown; query?: () => object }

const operations: Array<{ name: string; scopes: string[]; call: Call }> = [
  {
    name: 'list videos',
    scopes: ['videos:read'],
    call: {
      method: 'GET',
      path: () => '/api/v1/videos',
      query: () => ({ channel_id: mainChannel }),
    },
  },
  {
    name: 'get video',
    scopes: ['videos:read'],
    call: { method: 'GET', path: () => `/api/v1/videos/${mainVideo}` },
  },
  {
    name: 'update video',
    scopes: ['videos:write'],
    call: { method: 'PATCH', path: () => `/api/v1/videos/${mainVideo}`, json: () => ({}) },
  },
  {
    name: 'create video',
    scopes: ['videos:write'],
    call: {
      method: 'POST',
      path: () => '/api/v1/videos',
      json: () => ({ channel_id: mainChannel }),
    },
  },
  {
    name: 'upload signature',
    scopes: ['videos:write'],
    call: {
      method: 'POST',
      path: () => '/api/v1/upload_signatures',
      json: () => ({ channel_id: mainChannel, filename: 'a.mp4', mime_type: 'video/mp4' }),
    },
  },
  {
    name: 'list stores',
    scopes: ['business_stores:read', 'products:read'],
    call: { method: 'GET', path: () => '/api/v1/business_stores' },
  },
  {
    name: 'get store',
    scopes: ['business_stores:read', 'products:read'],
    call: { method: 'GET', path: () => `/api/v1/business_stores/${mainStore}` },
  },
  {
    name: 'create store',
    scopes: ['business_stores:write'],
    call: { method: 'POST', path: () => '/api/v1/business_stores', json: () => ({}) },
  },
  {
    name: 'list playlists',
    scopes: ['playlists:read', 'playlists:write'],
    call: {
      method: 'GET',
      path: () => '/api/v1/playlists',
      query: () => ({ channel_id: mainChannel }),
    },
  },
  {
    name: 'list playlist videos',
    scopes: ['playlists:read', 'playlists:write'],
    call: { method: 'GET', path: () => `/api/v1/playlists/${mainPlaylist}/videos` },
  },
  {
    name: 'update playlist',
    scopes: ['playlists:write'],
    call: { method: 'PATCH', path: () => `/api/v1/playlists/${mainPlaylist}`, json: () => ({}) },
  },
]

async function send(harness: Harness, call: Call, token: string): Promise<ApiResponse> {
  return harness.api(call.method, call.path(), {
    token,
    json: call.json?.(),
    query: call.query?.() as Record<string, string>,
  })
}

describe('scopes per operation', () => {
  for (const op of operations) {
    it(`${op.name}: 403 with an unrelated scope, allowed with ${op.scopes.join(' or ')}`, async () => {
      const unrelated = op.scopes.some((s) => s.startsWith('videos'))
        ? 'channels:read'
        : 'videos:read'
      expectError(await send(h, op.call, await h.token('main', [unrelated])), 403)
      for (const scope of op.scopes) {
        const res = await send(h, op.call, await h.token('main', [scope]))
        expect([401, 403], `${scope}: ${res.status} ${res.text.slice(0, 200)}`).not.toContain(
          res.status,
        )
      }
    })
  }

  it('videos:write alone does not grant reads', async () => {
    const token = await h.token('main', ['videos:write'])
    expectError(await h.api('GET', `/api/v1/videos/${mainVideo}`, { token }), 403)
  })

  it('playlists:read alone does not grant playlist writes', async () => {
    const token = await h.token('main', ['playlists:read'])
    const res = await h.api('POST', '/api/v1/playlists', {
      token,
      json: { channel_id: mainChannel, name: 'read only' },
    })
    expectError(res, 403)
  })

  it('business_stores:read alone does not grant store writes', async () => {
    const token = await h.token('main', ['business_stores:read'])
    const res = await h.api('POST', '/api/v1/business_stores', {
      token,
      json: { name: 'read only', currency: 'EUR' },
    })
    expectError(res, 403)
  })
})

describe("another business's resources give 403", () => {
  const soloCalls: Array<[string, Call]> = [
    [
      'list videos of its channel',
      { method: 'GET', path: () => '/api/v1/videos', query: () => ({ channel_id: mainChannel }) },
    ],
    ['get its video', { method: 'GET', path: () => `/api/v1/videos/${mainVideo}` }],
    [
      'update its video',
      {
        method: 'PATCH',
        path: () => `/api/v1/videos/${mainVideo}`,
        json: () => ({ caption: 'x' }),
      },
    ],
    ['delete its video', { method: 'DELETE', path: () => `/api/v1/videos/${mainVideo}` }],
    ['archive its video', { method: 'POST', path: () => `/api/v1/videos/${mainVideo}/archive` }],
    [
      'unarchive its video',
      { method: 'POST', path: () => `/api/v1/videos/${mainVideo}/unarchive` },
    ],
    ['publish its video', { method: 'POST', path: () => `/api/v1/videos/${mainVideo}/publish` }],
    [
      'unpublish its video',
      { method: 'POST', path: () => `/api/v1/videos/${mainVideo}/unpublish` },
    ],
    [
      'read its product matches',
      { method: 'GET', path: () => `/api/v1/videos/${mainVideo}/product_matches` },
    ],
    [
      'add a subtitle to its video',
      {
        method: 'POST',
        path: () => `/api/v1/videos/${mainVideo}/subtitles`,
        json: () => ({ language: 'en', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n' }),
      },
    ],
    [
      'create a video in its channel',
      {
        method: 'POST',
        path: () => '/api/v1/videos',
        json: () => ({ channel_id: mainChannel, url: 'https://example.com/v.mp4' }),
      },
    ],
    [
      'sign an upload for its channel',
      {
        method: 'POST',
        path: () => '/api/v1/upload_signatures',
        json: () => ({ channel_id: mainChannel, filename: 'a.mp4', mime_type: 'video/mp4' }),
      },
    ],
    [
      'sign a multipart upload for its channel',
      {
        method: 'POST',
        path: () => '/api/v1/upload_multipart/signatures',
        json: () => ({
          channel_id: mainChannel,
          filename: 'a.mp4',
          mime_type: 'video/mp4',
          parts_count: 1,
        }),
      },
    ],
    ['get its store', { method: 'GET', path: () => `/api/v1/business_stores/${mainStore}` }],
    [
      'update its store',
      {
        method: 'PATCH',
        path: () => `/api/v1/business_stores/${mainStore}`,
        json: () => ({ name: 'x' }),
      },
    ],
    ['delete its store', { method: 'DELETE', path: () => `/api/v1/business_stores/${mainStore}` }],
    [
      'list its stores by business_id',
      {
        method: 'GET',
        path: () => '/api/v1/business_stores',
        query: () => ({ business_id: world.main.businessId }),
      },
    ],
    [
      'list its channel playlists',
      {
        method: 'GET',
        path: () => '/api/v1/playlists',
        query: () => ({ channel_id: mainChannel }),
      },
    ],
    [
      'create a playlist in its channel',
      {
        method: 'POST',
        path: () => '/api/v1/playlists',
        json: () => ({ channel_id: mainChannel, name: 'x' }),
      },
    ],
    [
      'update its playlist',
      {
        method: 'PATCH',
        path: () => `/api/v1/playlists/${mainPlaylist}`,
        json: () => ({ name: 'x' }),
      },
    ],
    ['delete its playlist', { method: 'DELETE', path: () => `/api/v1/playlists/${mainPlaylist}` }],
    [
      'list its playlist videos',
      { method: 'GET', path: () => `/api/v1/playlists/${mainPlaylist}/videos` },
    ],
    [
      'add to its playlist',
      {
        method: 'POST',
        path: () => `/api/v1/playlists/${mainPlaylist}/videos`,
        json: () => ({ video_id: soloVideo }),
      },
    ],
    [
      'reorder its playlist',
      {
        method: 'PUT',
        path: () => `/api/v1/playlists/${mainPlaylist}/videos`,
        json: () => ({ video_ids: [mainVideo] }),
      },
    ],
    [
      'remove from its playlist',
      { method: 'DELETE', path: () => `/api/v1/playlists/${mainPlaylist}/videos/${mainVideo}` },
    ],
    [
      'pin in its playlist',
      { method: 'POST', path: () => `/api/v1/playlists/${mainPlaylist}/videos/${mainVideo}/pin` },
    ],
  ]
  for (const [name, call] of soloCalls) {
    it(`solo client: ${name}`, async () => {
      expectError(await send(h, call, await h.token('solo')), 403)
    })
  }

  it('main client: get, update and archive a solo video', async () => {
    const token = await h.token('main')
    expectError(await h.api('GET', `/api/v1/videos/${soloVideo}`, { token }), 403)
    expectError(
      await h.api('PATCH', `/api/v1/videos/${soloVideo}`, { token, json: { caption: 'x' } }),
      403,
    )
    expectError(await h.api('POST', `/api/v1/videos/${soloVideo}/archive`, { token }), 403)
  })

  it('the main playlist and video are untouched by the refused calls', async () => {
    const video = await h.api('GET', `/api/v1/videos/${mainVideo}`)
    expect(video.status).toBe(200)
    expect(video.json.caption).not.toBe('x')
    const playlists = await h.api('GET', `/api/v1/playlists/${mainPlaylist}/videos`)
    expect(playlists.status).toBe(200)
    expect(playlists.json.videos.map((v: { id: string }) => v.id)).toEqual([mainVideo])
  })
})
