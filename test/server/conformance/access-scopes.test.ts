/** Per-operation scopes: document 1 sections 4.2 and 5; document 2 sections 4.1, 4.2 and 5. */
import { describe, expect, it } from 'vitest'
import { type Call, send, setUpAccessTargets } from './access-targets.ts'
import { expectError, setUpHarness } from './harness.ts'

const h = setUpHarness()
const t = setUpAccessTargets(h)

const operations: Array<{ name: string; scopes: string[]; call: Call }> = [
  {
    name: 'list videos',
    scopes: ['videos:read'],
    call: {
      method: 'GET',
      path: () => '/api/v1/videos',
      query: () => ({ channel_id: t.mainChannel }),
    },
  },
  {
    name: 'get video',
    scopes: ['videos:read'],
    call: { method: 'GET', path: () => `/api/v1/videos/${t.mainVideo}` },
  },
  {
    name: 'update video',
    scopes: ['videos:write'],
    call: { method: 'PATCH', path: () => `/api/v1/videos/${t.mainVideo}`, json: () => ({}) },
  },
  {
    name: 'create video',
    scopes: ['videos:write'],
    call: {
      method: 'POST',
      path: () => '/api/v1/videos',
      json: () => ({ channel_id: t.mainChannel }),
    },
  },
  {
    name: 'upload signature',
    scopes: ['videos:write'],
    call: {
      method: 'POST',
      path: () => '/api/v1/upload_signatures',
      json: () => ({ channel_id: t.mainChannel, filename: 'a.mp4', mime_type: 'video/mp4' }),
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
    call: { method: 'GET', path: () => `/api/v1/business_stores/${t.mainStore}` },
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
      query: () => ({ channel_id: t.mainChannel }),
    },
  },
  {
    name: 'list playlist videos',
    scopes: ['playlists:read', 'playlists:write'],
    call: { method: 'GET', path: () => `/api/v1/playlists/${t.mainPlaylist}/videos` },
  },
  {
    name: 'read one playlist',
    scopes: ['playlists:read', 'playlists:write'],
    call: { method: 'GET', path: () => `/api/v1/playlists/${t.mainPlaylist}` },
  },
  {
    name: 'update playlist',
    scopes: ['playlists:write'],
    call: { method: 'PATCH', path: () => `/api/v1/playlists/${t.mainPlaylist}`, json: () => ({}) },
  },
]

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
    expectError(await h.api('GET', `/api/v1/videos/${t.mainVideo}`, { token }), 403)
  })

  it('playlists:read alone does not grant playlist writes', async () => {
    const token = await h.token('main', ['playlists:read'])
    const res = await h.api('POST', '/api/v1/playlists', {
      token,
      json: { channel_id: t.mainChannel, name: 'read only' },
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
