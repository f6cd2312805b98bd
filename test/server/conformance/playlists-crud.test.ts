/** Playlists: document 2 sections 2.2, 4.2 (list, create, update, delete), 5 and 7. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Playlist } from '@/api/generated/types.gen.ts'
import { approvedVideoIds, createVideo, unknownIdLike, walkPages } from './fixtures.ts'
import { expectError, expectStatus, type Query, setUpHarness, uniq, type World } from './harness.ts'

const h = setUpHarness()
let world: World
let channelId: string
let videos: string[]
let soloVideo: string

beforeAll(async () => {
  world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  videos = await approvedVideoIds(h, channelId, 4)
  soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
})

const create = (json: Record<string, unknown>, token?: string) =>
  h.api<Playlist>('POST', '/api/v1/playlists', { json: { channel_id: channelId, ...json }, token })
const update = (id: string, json: unknown) =>
  h.api<Playlist>('PATCH', `/api/v1/playlists/${id}`, { json })

async function newPlaylist(json: Record<string, unknown> = {}): Promise<Playlist> {
  const res = await create({ name: uniq('pl'), ...json })
  expectStatus(res, 201)
  h.cleanup(`/api/v1/playlists/${res.json.id}`)
  return res.json
}

async function listNames(query: Query): Promise<string[]> {
  const pages = await walkPages(h, '/api/v1/playlists', {
    channel_id: channelId,
    page_size: 100,
    ...query,
  })
  return pages.flatMap((p) => p.playlists.map((pl: Playlist) => pl.name))
}

describe('create', () => {
  it('returns 201 with the playlist and its video order', async () => {
    const name = uniq('pl')
    const res = await create({ name, description: 'desc', video_ids: [videos[1], videos[0]] })
    expectStatus(res, 201)
    expect(res.json).toMatchObject({ name, description: 'desc', video_ids: [videos[1], videos[0]] })
    expect(typeof res.json.id).toBe('string')
    expect(Number.isNaN(Date.parse(res.json.updated_at))).toBe(false)
  })

  it('accepts a 100-character name and gives 422 for 101', async () => {
    expectStatus(await create({ name: 'n'.repeat(100) }), 201)
    expectError(await create({ name: 'n'.repeat(101) }), 422)
  })

  it('gives 400 for a missing channel_id or name', async () => {
    expectError(await h.api('POST', '/api/v1/playlists', { json: { name: 'x' } }), 400)
    expectError(await create({}), 400)
  })

  it("gives 403 for another business's channel or video and 404 for an unknown channel", async () => {
    const soloChannel = world.solo.channels[0]?.id
    expectError(await create({ name: 'x', channel_id: soloChannel }), 403)
    expectError(await create({ name: 'x', video_ids: [videos[0], soloVideo] }), 403)
    const known = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
    expectError(await create({ name: 'x', channel_id: unknownIdLike(channelId, known) }), 404)
  })
})

describe('list', () => {
  it('lists newest first with playlists, links and pagination', async () => {
    const a = await newPlaylist()
    const b = await newPlaylist()
    const res = await h.api('GET', '/api/v1/playlists', {
      query: { channel_id: channelId, page_size: 2 },
    })
    expectStatus(res, 200)
    expect(res.json.playlists.map((p: Playlist) => p.id)).toEqual([b.id, a.id])
    expect(res.json.links).toHaveProperty('next')
    expect(res.json.pagination).toHaveProperty('has_more')
    expect(res.json.pagination).toHaveProperty('cursor')
  })

  it('walks all pages without duplicates; the last page has null next and cursor', async () => {
    for (let i = 0; i < 3; i++) await newPlaylist()
    const pages = await walkPages(h, '/api/v1/playlists', { channel_id: channelId, page_size: 2 })
    const ids = pages.flatMap((p) => p.playlists.map((pl: Playlist) => pl.id))
    expect(new Set(ids).size).toBe(ids.length)
    const big = await walkPages(h, '/api/v1/playlists', { channel_id: channelId, page_size: 1000 })
    expect(big[0].playlists.length).toBe(Math.min(100, ids.length))
    expect(big.flatMap((p) => p.playlists.map((pl: Playlist) => pl.id))).toEqual(ids)
    const last = pages.at(-1)
    expect(last.links.next).toBeNull()
    expect(last.pagination.cursor).toBeNull()
    expect(last.pagination.has_more).toBe(false)
  })

  it('gives 400 when after and before are both given', async () => {
    const first = await h.api('GET', '/api/v1/playlists', {
      query: { channel_id: channelId, page_size: 1 },
    })
    const cursor = first.json.pagination.cursor
    expect(typeof cursor).toBe('string')
    const res = await h.api('GET', '/api/v1/playlists', {
      query: { channel_id: channelId, after: cursor, before: cursor },
    })
    expectError(res, 400)
    expect(res.json.error).toMatch(/mutually exclusive/i)
  })

  it('q is a case-insensitive name substring with % and _ literal, digits included', async () => {
    const tag = uniq('q')
    const digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
    for (const name of [`${tag} 50% off`, `${tag} 500 off`, `${tag} a_b`, `${tag} axb`, digits]) {
      await newPlaylist({ name })
    }
    expect(await listNames({ q: `${tag} 50%` })).toEqual([`${tag} 50% off`])
    expect(await listNames({ q: `${tag} A_B`.toUpperCase() })).toEqual([`${tag} a_b`])
    expect((await listNames({ q: tag.toUpperCase() })).length).toBe(4)
    expect(await listNames({ q: digits })).toEqual([digits])
  })

  it('q matches non-ASCII names exactly and in another case', async () => {
    const name = `${uniq('q')} Crème BRÛLÉE`
    await newPlaylist({ name })
    expect(await listNames({ q: name })).toEqual([name])
    expect(await listNames({ q: name.toLowerCase() })).toEqual([name])
  })

  it('requires channel_id for a business with several channels; uses the sole channel otherwise', async () => {
    expectError(await h.api('GET', '/api/v1/playlists'), 400)
    const token = await h.token('solo')
    const name = uniq('solo')
    const made = await h.api('POST', '/api/v1/playlists', {
      token,
      json: { channel_id: world.solo.channels[0]?.id, name },
    })
    expectStatus(made, 201)
    const res = await h.api('GET', '/api/v1/playlists', { token, query: { q: name } })
    expectStatus(res, 200)
    expect(res.json.playlists.map((p: Playlist) => p.id)).toEqual([made.json.id])
  })

  it("gives 403 for another business's channel and 404 for an unknown one", async () => {
    const soloChannel = world.solo.channels[0]?.id
    expectError(
      await h.api('GET', '/api/v1/playlists', { query: { channel_id: soloChannel } }),
      403,
    )
    const known = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
    const unknown = unknownIdLike(channelId, known)
    expectError(await h.api('GET', '/api/v1/playlists', { query: { channel_id: unknown } }), 404)
  })

  it('lists only available videos while create and update echo the stored order', async () => {
    const gone = await createVideo(h, { channel_id: channelId, caption: uniq('gone') })
    const playlist = await newPlaylist({ video_ids: [videos[0], gone.id, videos[1]] })
    expect(playlist.video_ids).toEqual([videos[0], gone.id, videos[1]])
    expectStatus(await h.api('DELETE', `/api/v1/videos/${gone.id}`), 204)
    const res = await h.api('GET', '/api/v1/playlists', {
      query: { channel_id: channelId, q: playlist.name },
    })
    expect(res.json.playlists[0].video_ids).toEqual([videos[0], videos[1]])
    const echoed = await update(playlist.id, { description: 'touched' })
    expectStatus(echoed, 200)
    expect(echoed.json.video_ids).toEqual([videos[0], gone.id, videos[1]])
  })
})

describe('update', () => {
  it('changes only supplied fields; video_ids replaces the list and order', async () => {
    const playlist = await newPlaylist({ description: 'keep', video_ids: [videos[0], videos[1]] })
    const renamed = await update(playlist.id, { name: 'renamed' })
    expectStatus(renamed, 200)
    expect(renamed.json).toMatchObject({
      name: 'renamed',
      description: 'keep',
      video_ids: [videos[0], videos[1]],
    })
    const reordered = await update(playlist.id, { video_ids: [videos[2], videos[0]] })
    expect(reordered.json.video_ids).toEqual([videos[2], videos[0]])
    const cleared = await update(playlist.id, { description: null })
    expect(cleared.json.description).toBeNull()
  })

  it('gives 422 for a 101-character name, 403 for a foreign video, 400 for a malformed body', async () => {
    const playlist = await newPlaylist({ video_ids: [videos[0]] })
    expectError(await update(playlist.id, { name: 'n'.repeat(101) }), 422)
    expectError(await update(playlist.id, { video_ids: [soloVideo] }), 403)
    const bad = await h.api('PATCH', `/api/v1/playlists/${playlist.id}`, {
      body: '{"name"',
      headers: { 'content-type': 'application/json' },
    })
    expectError(bad, 400)
    const listed = await h.api('GET', '/api/v1/playlists', {
      query: { channel_id: channelId, q: playlist.name },
    })
    expect(listed.json.playlists[0]).toMatchObject({ name: playlist.name, video_ids: [videos[0]] })
  })
})

describe('delete', () => {
  it('removes the playlist (204), then 404', async () => {
    const playlist = await newPlaylist()
    const res = await h.api('DELETE', `/api/v1/playlists/${playlist.id}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectError(await h.api('DELETE', `/api/v1/playlists/${playlist.id}`), 404)
    expectError(await update(playlist.id, { name: 'x' }), 404)
    expectError(await h.api('GET', `/api/v1/playlists/${playlist.id}/videos`), 404)
    expect(await listNames({ q: playlist.name })).toEqual([])
  })
})
