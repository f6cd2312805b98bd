/**
 * Hostile and malformed input: document 1 section 7 (400 malformed JSON, invalid parameters),
 * contract (unknown fields 400, 413 PayloadTooLarge). Never a 5xx; accepted data reads back exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, getVideo, postVideo, walkPages } from './fixtures.ts'
import { type ApiResponse, expectError, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
let canary: Video

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
  canary = await createVideo(h, {
    channel_id: channelId,
    caption: uniq('canary'),
    hashtags: ['keep'],
  })
})

const HOSTILE = [
  "Robert'); DROP TABLE videos;--",
  '" OR 1=1 --',
  "'; UPDATE videos SET caption='pwned' WHERE '1'='1",
  'a\u0000b',
  '\u0000',
  '🎬 Émoji ünïcödé 日本語 עברית \u202Eevil',
  'e\u0301 combining',
  '%_\\%\\_',
  '<script>alert(1)</script>',
  `\${jndi:ldap://x}`,
]

function expectNo5xx(res: ApiResponse, context = '') {
  expect(res.status, `${context} ${res.text.slice(0, 300)}`).toBeLessThan(500)
}

const rawPost = (path: string, body: string, contentType = 'application/json') =>
  h.api('POST', path, { body, headers: { 'content-type': contentType } })

describe('malformed bodies', () => {
  it('gives 400 for malformed JSON on every JSON write', async () => {
    for (const path of [
      '/api/v1/videos',
      '/api/v1/playlists',
      '/api/v1/business_stores',
      '/api/v1/upload_signatures',
    ]) {
      expectError(await rawPost(path, '{"caption": "x",'), 400)
      expectError(await rawPost(path, 'null'), 400)
      expectError(await rawPost(path, '[]'), 400)
    }
  })

  it('gives 400 for wrongly typed fields', async () => {
    for (const json of [
      { caption: 123 },
      { hashtags: 'one' },
      { hashtags: [1, 2] },
      { audio_disabled: 'yes' },
      { custom_fields: ['a'] },
      { product_ids: 'p' },
      { access: 7 },
    ]) {
      const res = await h.api('PATCH', `/api/v1/videos/${canary.id}`, { json })
      expectError(res, 400)
    }
    expectError(
      await h.api('POST', '/api/v1/playlists', { json: { channel_id: channelId, name: 5 } }),
      400,
    )
    expectError(
      await h.api('POST', '/api/v1/business_stores', { json: { name: ['x'], currency: 'EUR' } }),
      400,
    )
  })

  it('gives 400 for unknown fields', async () => {
    expectError(
      await h.api('PATCH', `/api/v1/videos/${canary.id}`, { json: { is_admin: true } }),
      400,
    )
    expectError(await postVideo(h, { channel_id: channelId, caption: uniq(), owner: 'me' }), 400)
    expectError(
      await h.api('POST', '/api/v1/playlists', {
        json: { channel_id: channelId, name: 'x', pinned: [] },
      }),
      400,
    )
    expectError(
      await h.api('POST', '/api/v1/business_stores', {
        json: { name: 'x', currency: 'EUR', owner: 1 },
      }),
      400,
    )
  })

  it('refuses an oversized body with 413 or 400', async () => {
    const huge = JSON.stringify({ caption: 'x'.repeat(12 * 1024 * 1024) })
    expectError(
      await h.api('PATCH', `/api/v1/videos/${canary.id}`, {
        body: huge,
        headers: { 'content-type': 'application/json' },
      }),
      [400, 413],
    )
    expectError(
      await rawPost(
        '/api/v1/playlists',
        JSON.stringify({
          channel_id: channelId,
          name: 'x',
          description: 'd'.repeat(12 * 1024 * 1024),
        }),
      ),
      [400, 413, 422],
    )
  })

  it('refuses a non-JSON content type on JSON endpoints', async () => {
    expectError(
      await rawPost(
        '/api/v1/playlists',
        JSON.stringify({ channel_id: channelId, name: 'x' }),
        'text/plain',
      ),
      [400, 415],
    )
  })
})

describe('hostile strings', () => {
  it('video caption, description, hashtags and custom_fields read back exactly or are refused', async () => {
    for (const value of HOSTILE) {
      const json = {
        caption: value,
        description: value,
        hashtags: [value],
        custom_fields: { k: value },
      }
      const video = await createVideo(h, { channel_id: channelId, caption: uniq() })
      const res = await h.api<Video>('PATCH', `/api/v1/videos/${video.id}`, { json })
      expectNo5xx(res)
      const back = await getVideo(h, video.id)
      if (res.status === 200) {
        expect(back.caption).toBe(value)
        expect(back.description).toBe(value)
        expect(back.custom_fields).toEqual({ k: value })
        expect(back.hashtags).toHaveLength(1)
      } else {
        expectError(res, [400, 422])
        expect(back.caption).toBe(video.caption)
      }
    }
  })

  it('playlist names and store names read back exactly or are refused', async () => {
    for (const value of HOSTILE) {
      const playlist = await h.api('POST', '/api/v1/playlists', {
        json: { channel_id: channelId, name: value },
      })
      expectNo5xx(playlist)
      if (playlist.status === 201) {
        h.cleanup(`/api/v1/playlists/${playlist.json.id}`)
        expect(playlist.json.name).toBe(value)
        const pages = await walkPages(h, '/api/v1/playlists', { channel_id: channelId, q: value })
        const ids = pages.flatMap((p) => p.playlists.map((pl: { id: string }) => pl.id))
        expect(ids, `q=${JSON.stringify(value)} finds the playlist named so`).toContain(
          playlist.json.id,
        )
      } else {
        expectError(playlist, [400, 422])
      }
      const store = await h.api('POST', '/api/v1/business_stores', {
        json: { name: value, currency: 'EUR' },
      })
      expectNo5xx(store)
      if (store.status === 201) {
        h.cleanup(`/api/v1/business_stores/${store.json.id}`)
        const got = await h.api('GET', `/api/v1/business_stores/${store.json.id}`)
        expect(got.json.name).toBe(value)
      } else {
        expectError(store, [400, 422])
      }
    }
  })

  it('1 MB strings are refused or stored exactly, never a 5xx', async () => {
    const mega = 'm'.repeat(1024 * 1024)
    const video = await createVideo(h, { channel_id: channelId, caption: uniq() })
    for (const json of [
      { caption: mega },
      { description: mega },
      { custom_fields: { k: mega } },
      { hashtags: [mega] },
    ]) {
      const res = await h.api('PATCH', `/api/v1/videos/${video.id}`, { json })
      expectNo5xx(res)
      expectError(res, [400, 413, 422])
    }
    expect((await getVideo(h, video.id)).caption).toBe(video.caption)
    const playlist = await h.api('POST', '/api/v1/playlists', {
      json: { channel_id: channelId, name: mega },
    })
    expectError(playlist, [400, 413, 422])
  })

  it('query parameters and path IDs with hostile text never give a 5xx', async () => {
    for (const value of HOSTILE) {
      for (const query of [{ q: value }, { hashtag: value }, { fields: value }, { after: value }]) {
        const res = await h.api('GET', '/api/v1/videos', {
          query: { channel_id: channelId, ...query },
        })
        expectNo5xx(res, `GET /api/v1/videos ${JSON.stringify(query)}`)
        if (res.status !== 200) expectError(res, 400)
      }
      const byId = await h.api('GET', `/api/v1/videos/${encodeURIComponent(value)}`)
      expectNo5xx(byId, `GET /api/v1/videos/${JSON.stringify(value)}`)
      expectError(byId, [400, 404])
      const store = await h.api('GET', `/api/v1/business_stores/${encodeURIComponent(value)}`)
      expectNo5xx(store, `GET /api/v1/business_stores/${JSON.stringify(value)}`)
      expectError(store, [400, 404])
    }
  })

  it('the canary video is untouched afterwards', async () => {
    const back = await getVideo(h, canary.id)
    expect(back.caption).toBe(canary.caption)
    expect(back.hashtags).toEqual(canary.hashtags)
    const list = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, q: canary.caption },
    })
    expect(list.json.videos.map((v: Video) => v.id)).toEqual([canary.id])
  })
})
