/**
 * Playlist videos: document 2 sections 2.2, 4.2 (list playlist videos, add, reorder, remove,
 * pin/unpin), 7 and 8; page pagination from document 1 section 4.1.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Playlist, Video } from '@/api/generated/types.gen.ts'
import {
  approvedVideoIds,
  createVideo,
  documentedVideoFields,
  mp4,
  waitForStatus,
  walkPages,
} from './fixtures.ts'
import { expectError, expectStatus, type Json, SLOW, setUpHarness, uniq } from './harness.ts'
import { postToStorage, signUpload, uploadForm } from './uploads.ts'

const h = setUpHarness()
let channelId: string
let videos: string[]
let soloVideo: string

beforeAll(async () => {
  const world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  videos = await approvedVideoIds(h, channelId, 12)
  soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
})

async function newPlaylist(videoIds: string[]): Promise<Playlist> {
  const res = await h.api<Playlist>('POST', '/api/v1/playlists', {
    json: { channel_id: channelId, name: uniq('plv'), video_ids: videoIds },
  })
  expectStatus(res, 201)
  h.cleanup(`/api/v1/playlists/${res.json.id}`)
  return res.json
}

const page = (id: string, query: Record<string, string | number | boolean> = {}) =>
  h.api('GET', `/api/v1/playlists/${id}/videos`, { query })
const add = (id: string, json: unknown) =>
  h.api<Playlist>('POST', `/api/v1/playlists/${id}/videos`, { json })
const reorder = (id: string, json: unknown) =>
  h.api<Playlist>('PUT', `/api/v1/playlists/${id}/videos`, { json })
const listedIds = (body: Json): string[] => body.videos.map((v: Video) => v.id)

describe('GET /api/v1/playlists/{id}/videos (page pagination)', () => {
  it('pages in playlist order with page, page_size, total_pages, total_entries, has_more', async () => {
    const playlist = await newPlaylist(videos)
    const p1 = await page(playlist.id, { page_size: 5 })
    expectStatus(p1, 200)
    expect(listedIds(p1.json)).toEqual(videos.slice(0, 5))
    expect(p1.json.pagination).toEqual({
      page: 1,
      page_size: 5,
      total_pages: 3,
      total_entries: 12,
      has_more: true,
    })
    expect(p1.json.links.prev).toBeNull()
    expect(typeof p1.json.links.next).toBe('string')
    const p2 = await h.api('GET', h.resolve(p1.json.links.next))
    expect(listedIds(p2.json)).toEqual(videos.slice(5, 10))
    expect(p2.json.pagination.page).toBe(2)
    expect(typeof p2.json.links.prev).toBe('string')
    const p3 = await h.api('GET', h.resolve(p2.json.links.next))
    expect(listedIds(p3.json)).toEqual(videos.slice(10))
    expect(p3.json.pagination).toMatchObject({ page: 3, has_more: false })
    expect(p3.json.links.next).toBeNull()
    const back = await h.api('GET', h.resolve(p3.json.links.prev))
    expect(listedIds(back.json)).toEqual(videos.slice(5, 10))
  })

  it('defaults to page 1 of 10 and clamps page_size to 100', async () => {
    const playlist = await newPlaylist(videos)
    const res = await page(playlist.id)
    expect(res.json.pagination).toMatchObject({ page: 1, page_size: 10, total_entries: 12 })
    expect(listedIds(res.json)).toEqual(videos.slice(0, 10))
    const clamped = await page(playlist.id, { page_size: 1000 })
    expectStatus(clamped, 200)
    expect(clamped.json.pagination.page_size).toBe(100)
    expect(listedIds(clamped.json)).toEqual(videos)
  })

  it('gives 400 for invalid pagination and unknown fields', async () => {
    const playlist = await newPlaylist(videos.slice(0, 2))
    expectError(await page(playlist.id, { page: 0 }), 400)
    expectError(await page(playlist.id, { page: 'x' }), 400)
    expectError(await page(playlist.id, { page_size: 0 }), 400)
    expectError(await page(playlist.id, { fields: 'caption,nope' }), 400)
  })

  it('applies sparse fields (named plus id)', async () => {
    const playlist = await newPlaylist(videos.slice(0, 3))
    const res = await page(playlist.id, { fields: 'caption , caption,duration' })
    expectStatus(res, 200)
    for (const v of res.json.videos)
      expect(Object.keys(v).sort()).toEqual(['caption', 'duration', 'id'])
  })

  it('answers every documented field without fields', async () => {
    const playlist = await newPlaylist(videos.slice(0, 2))
    const res = await page(playlist.id)
    expectStatus(res, 200)
    expect(res.json.videos).toHaveLength(2)
    for (const v of res.json.videos)
      expect(Object.keys(v).sort()).toEqual([...documentedVideoFields].sort())
  })

  it(
    'filters by archived: omitted or false non-archived only, true archived only',
    async () => {
      const video = await createVideo(h, { channel_id: channelId, caption: uniq('arch') })
      await waitForStatus(h, video, channelId, 'approved')
      const playlist = await newPlaylist([videos[0] ?? '', video.id])
      expect(listedIds((await page(playlist.id)).json)).toEqual([videos[0], video.id])
      expectStatus(await h.api('POST', `/api/v1/videos/${video.id}/archive`), 200)
      expect(listedIds((await page(playlist.id)).json)).toEqual([videos[0]])
      expect(listedIds((await page(playlist.id, { archived: false })).json)).toEqual([videos[0]])
      expect(listedIds((await page(playlist.id, { archived: true })).json)).toEqual([video.id])
    },
    SLOW,
  )

  it(
    'returns only approved videos; the stored order still holds unapproved ones',
    async () => {
      const sig = await signUpload(h, channelId)
      expect((await postToStorage(sig.post_url, uploadForm(sig, mp4(1)))).status).toBe(204)
      const created = await h.api<Video>('POST', '/api/v1/videos', {
        json: { channel_id: channelId, storage_key: sig.key, caption: uniq('err') },
      })
      expectStatus(created, 201)
      await waitForStatus(h, created.json, channelId, 'errored')
      const playlist = await newPlaylist([videos[0] ?? '', created.json.id, videos[1] ?? ''])
      expect(playlist.video_ids).toEqual([videos[0], created.json.id, videos[1]])
      const res = await page(playlist.id)
      expect(listedIds(res.json)).toEqual([videos[0], videos[1]])
      expect(res.json.pagination.total_entries).toBe(2)
    },
    SLOW,
  )
})

describe('POST /api/v1/playlists/{id}/videos (add)', () => {
  it('appends when position is omitted and inserts at a 0-based position', async () => {
    const [a, b, c, d] = videos
    const playlist = await newPlaylist([a ?? '', b ?? ''])
    const appended = await add(playlist.id, { video_id: c })
    expectStatus(appended, 200)
    expect(appended.json.video_ids).toEqual([a, b, c])
    const front = await add(playlist.id, { video_id: d, position: 0 })
    expect(front.json.video_ids).toEqual([d, a, b, c])
    const middle = await add(playlist.id, { video_id: videos[4], position: 2 })
    expect(middle.json.video_ids).toEqual([d, a, videos[4], b, c])
    expect(listedIds((await page(playlist.id)).json)).toEqual([d, a, videos[4], b, c])
  })

  it('gives 400 without video_id, 403 for a foreign video, 404 for an unknown playlist', async () => {
    const playlist = await newPlaylist([])
    expectError(await add(playlist.id, {}), 400)
    expectError(await add(playlist.id, { video_id: soloVideo }), 403)
    const gone = await newPlaylist([])
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${gone.id}`), 204)
    expectError(await add(gone.id, { video_id: videos[0] }), 404)
  })
})

describe('PUT /api/v1/playlists/{id}/videos (reorder)', () => {
  it('replaces the order with the full list', async () => {
    const [a, b, c] = videos
    const playlist = await newPlaylist([a ?? '', b ?? '', c ?? ''])
    const res = await reorder(playlist.id, { video_ids: [c, a, b] })
    expectStatus(res, 200)
    expect(res.json.video_ids).toEqual([c, a, b])
    expect(listedIds((await page(playlist.id)).json)).toEqual([c, a, b])
  })

  it('gives 400 for missing or wrongly typed video_ids and 403 for a foreign video', async () => {
    const playlist = await newPlaylist([videos[0] ?? ''])
    expectError(await reorder(playlist.id, {}), 400)
    expectError(await reorder(playlist.id, { video_ids: videos[0] }), 400)
    expectError(await reorder(playlist.id, { video_ids: [1, 2] }), 400)
    expectError(await reorder(playlist.id, { video_ids: [videos[0], soloVideo] }), 403)
    expect(listedIds((await page(playlist.id)).json)).toEqual([videos[0]])
  })
})

describe('DELETE /api/v1/playlists/{id}/videos/{video_id} (remove)', () => {
  it('removes (204) and is a 204 no-op for a video not in the playlist', async () => {
    const [a, b] = videos
    const playlist = await newPlaylist([a ?? '', b ?? ''])
    const res = await h.api('DELETE', `/api/v1/playlists/${playlist.id}/videos/${a}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${playlist.id}/videos/${a}`), 204)
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${playlist.id}/videos/${videos[5]}`), 204)
    expect(listedIds((await page(playlist.id)).json)).toEqual([b])
  })

  it('gives 404 for an unknown playlist', async () => {
    const gone = await newPlaylist([videos[0] ?? ''])
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${gone.id}`), 204)
    expectError(await h.api('DELETE', `/api/v1/playlists/${gone.id}/videos/${videos[0]}`), 404)
  })
})

describe('pin and unpin', () => {
  it('gives 422 for a playlist without an AI feed', async () => {
    const playlist = await newPlaylist([videos[0] ?? ''])
    const path = `/api/v1/playlists/${playlist.id}/videos/${videos[0]}/pin`
    expectError(await h.api('POST', path), 422)
    expectError(await h.api('DELETE', path), 422)
  })

  it('gives 404 for an unknown playlist', async () => {
    const gone = await newPlaylist([videos[0] ?? ''])
    expectStatus(await h.api('DELETE', `/api/v1/playlists/${gone.id}`), 204)
    expectError(await h.api('POST', `/api/v1/playlists/${gone.id}/videos/${videos[0]}/pin`), 404)
  })

  it('pins and unpins (204) in a playlist with an AI feed; 404 for a video not in it', async () => {
    const world = await h.world()
    let found: { playlist: Playlist; member: string } | undefined
    for (const channel of world.main.channels) {
      const pages = await walkPages(h, '/api/v1/playlists', {
        channel_id: channel.id,
        page_size: 100,
      })
      for (const playlist of pages.flatMap((p) => p.playlists as Playlist[])) {
        const member = playlist.video_ids[0]
        if (!member) continue
        const res = await h.api('POST', `/api/v1/playlists/${playlist.id}/videos/${member}/pin`)
        if (res.status === 204) {
          found = { playlist, member }
          break
        }
        expectError(res, 422)
      }
      if (found) break
    }
    if (!found) throw new Error('the main business needs a playlist with an AI feed enabled')
    const { playlist, member } = found
    const outsider = videos.find((v) => !playlist.video_ids.includes(v))
    const base = `/api/v1/playlists/${playlist.id}/videos`
    expectError(await h.api('POST', `${base}/${outsider}/pin`), 404)
    expectError(await h.api('DELETE', `${base}/${outsider}/pin`), 404)
    const unpinned = await h.api('DELETE', `${base}/${member}/pin`)
    expectStatus(unpinned, 204)
    expect(unpinned.text).toBe('')
  })
})
