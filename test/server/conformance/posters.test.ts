/** Posters: document 1 sections 2.3, 4.10, 7 (poster rows) and 8 (batch 1 to 100, weight 0..1). */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video, VideoPoster } from '@/api/generated/types.gen.ts'
import {
  createVideo,
  getVideo,
  type ShippedMedia,
  shippedMedia,
  shippedOfKind,
} from './fixtures.ts'
import { canServeMedia, expectError, expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
let jpgUrl: string
let pngUrl: string
let jpg: ShippedMedia
let png: ShippedMedia

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
  const jpgs = shippedOfKind('poster', 'jpg')
  // A square poster when shipped, so width and height are told apart from the video's.
  jpg = jpgs.find((f) => f.width === f.height) ?? (jpgs[0] as ShippedMedia)
  png = shippedOfKind('poster', 'png')[0] as ShippedMedia
  jpgUrl = h.media.serve(`/posters/${jpg.file}`, {
    body: shippedMedia(jpg.file),
    contentType: 'image/jpeg',
  })
  pngUrl = h.media.serve(`/posters/${png.file}`, {
    body: shippedMedia(png.file),
    contentType: 'image/png',
  })
})

const add = (videoId: string, json: unknown) =>
  h.api<Video>('POST', `/api/v1/videos/${videoId}/posters`, { json })
const setWeight = (videoId: string, posterId: string, json: unknown) =>
  h.api<Video>('PATCH', `/api/v1/videos/${videoId}/posters/${posterId}`, { json })
const batch = (videoId: string, json: unknown) =>
  h.api<Video>('PATCH', `/api/v1/videos/${videoId}/posters`, { json })

const byExternal = (video: Video, externalId: string) =>
  video.video_posters.find((p) => p.external_id === externalId) as VideoPoster

/** A video with two API posters: ext-a (jpg, weight 0.2) and ext-b (png, weight 0.8). */
async function videoWithPosters(): Promise<{ video: Video; a: VideoPoster; b: VideoPoster }> {
  const video = await createVideo(h, { channel_id: channelId, caption: uniq('poster') })
  expectStatus(await add(video.id, { url: jpgUrl, weight: 0.2, external_id: 'ext-a' }), 201)
  const res = await add(video.id, { url: pngUrl, weight: 0.8, external_id: 'ext-b' })
  expectStatus(res, 201)
  return { video: res.json, a: byExternal(res.json, 'ext-a'), b: byExternal(res.json, 'ext-b') }
}

describe.runIf(canServeMedia)('POST /api/v1/videos/{id}/posters', () => {
  it('appends a poster fetched from a .jpg URL and returns the Video (201)', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('poster') })
    const res = await add(video.id, { url: jpgUrl, weight: 0.5, external_id: 'cover-1' })
    expectStatus(res, 201)
    expect(res.json.id).toBe(video.id)
    expect(res.json.video_posters).toHaveLength(video.video_posters.length + 1)
    const poster = byExternal(res.json, 'cover-1')
    expect(poster).toMatchObject({
      format: 'jpg',
      width: jpg.width,
      height: jpg.height,
      source: 'api',
      video_poster_type: 'static',
      weight: 0.5,
    })
    expect(typeof poster.id).toBe('string')
    expect(poster.url).toMatch(/^https?:\/\//)
    expect(poster.url).not.toBe(jpgUrl)
    expect(byExternal(await getVideo(h, video.id), 'cover-1')).toEqual(poster)
  })

  it('keeps a given source and poster type; png format and size', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('poster') })
    const res = await add(video.id, {
      url: pngUrl,
      source: 'partner_ai',
      video_poster_type: 'static',
      external_id: 'p-1',
    })
    expectStatus(res, 201)
    expect(byExternal(res.json, 'p-1')).toMatchObject({
      format: 'png',
      width: png.width,
      height: png.height,
      source: 'partner_ai',
    })
  })

  it('gives 400 for a missing url, an unsupported extension or an unfetchable image', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('poster') })
    const gif = h.media.serve('/posters/anim.gif', {
      body: Buffer.from('GIF89a'),
      contentType: 'image/gif',
    })
    const noExtension = h.media.serve('/posters/image', {
      body: Buffer.from('x'),
      contentType: 'image/jpeg',
    })
    expectError(await add(video.id, {}), 400)
    expectError(await add(video.id, { url: gif }), 400)
    expectError(await add(video.id, { url: noExtension }), 400)
    expectError(await add(video.id, { url: h.media.url('/posters/missing.jpg') }), 400)
    expectError(await add(video.id, { url: 'ftp://example.com/a.jpg' }), 400)
    expect((await getVideo(h, video.id)).video_posters).toHaveLength(video.video_posters.length)
  })

  it('gives 422 for a weight outside 0 to 1 and for a duplicate external_id', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('poster') })
    expectError(await add(video.id, { url: jpgUrl, weight: 1.5 }), 422)
    expectError(await add(video.id, { url: jpgUrl, weight: -0.1 }), 422)
    expectStatus(await add(video.id, { url: jpgUrl, external_id: 'same' }), 201)
    expectError(await add(video.id, { url: pngUrl, external_id: 'same' }), 422)
    const posters = (await getVideo(h, video.id)).video_posters
    expect(posters.filter((p) => p.external_id === 'same')).toHaveLength(1)
  })
})

describe.runIf(canServeMedia)('PATCH /api/v1/videos/{id}/posters/{poster_id}', () => {
  it('sets the weight (200 Video); 0 and 1 are allowed', async () => {
    const { video, a } = await videoWithPosters()
    for (const weight of [0.35, 0, 1]) {
      const res = await setWeight(video.id, a.id, { weight })
      expectStatus(res, 200)
      expect(byExternal(res.json, 'ext-a').weight).toBe(weight)
    }
  })

  it('gives 422 outside 0 to 1, 400 for missing or non-numeric weight, 404 unknown poster', async () => {
    const { video, a } = await videoWithPosters()
    expectError(await setWeight(video.id, a.id, { weight: 1.01 }), 422)
    expectError(await setWeight(video.id, a.id, { weight: -1 }), 422)
    expectError(await setWeight(video.id, a.id, { weight: 'heavy' }), 400)
    expectError(await setWeight(video.id, a.id, {}), 400)
    expect(byExternal(await getVideo(h, video.id), 'ext-a').weight).toBe(0.2)
    const other = await videoWithPosters()
    expectError(await setWeight(video.id, other.a.id, { weight: 0.5 }), 404)
  })
})

describe.runIf(canServeMedia)('PATCH /api/v1/videos/{id}/posters (batch)', () => {
  it('applies weights by id and external_id and returns posters highest weight first', async () => {
    const { video, a, b } = await videoWithPosters()
    const res = await batch(video.id, {
      posters: [
        { id: a.id, weight: 0.9 },
        { external_id: 'ext-b', weight: 0.1 },
      ],
    })
    expectStatus(res, 200)
    expect(byExternal(res.json, 'ext-a').weight).toBe(0.9)
    expect(byExternal(res.json, 'ext-b').weight).toBe(0.1)
    const order = res.json.video_posters.map((p) => p.id)
    expect(order.indexOf(a.id)).toBeLessThan(order.indexOf(b.id))
  })

  it('is atomic: any bad item rejects the whole batch and nothing changes', async () => {
    const { video, a, b } = await videoWithPosters()
    const bad: unknown[][] = [
      [
        { id: a.id, weight: 0.9 },
        { id: 'no-such-poster', weight: 0.1 },
      ],
      [
        { id: a.id, weight: 0.9 },
        { external_id: 'no-such-external', weight: 0.1 },
      ],
      [
        { id: a.id, weight: 0.9 },
        { id: b.id, weight: 2 },
      ],
      [
        { id: a.id, weight: 0.9 },
        { id: a.id, weight: 0.4 },
      ],
      [
        { id: a.id, weight: 0.9 },
        { external_id: 'ext-a', weight: 0.4 },
      ],
      [
        { id: a.id, weight: 0.9 },
        { id: b.id, external_id: 'ext-b', weight: 0.4 },
      ],
      [{ id: a.id, weight: 0.9 }, { weight: 0.4 }],
      [{ id: a.id, weight: 0.9 }, { id: b.id }],
      [],
    ]
    for (const posters of bad) {
      expectError(await batch(video.id, { posters }), [400, 404, 422])
    }
    expectError(await batch(video.id, {}), 400)
    const tooMany = Array.from({ length: 101 }, () => ({ id: a.id, weight: 0.5 }))
    expectError(await batch(video.id, { posters: tooMany }), [400, 422])
    const after = await getVideo(h, video.id)
    expect(byExternal(after, 'ext-a').weight).toBe(0.2)
    expect(byExternal(after, 'ext-b').weight).toBe(0.8)
  })
})

describe.runIf(canServeMedia)('DELETE /api/v1/videos/{id}/posters/{poster_id}', () => {
  it('deletes (204), then 404; the poster is gone from the Video', async () => {
    const { video, a, b } = await videoWithPosters()
    const res = await h.api('DELETE', `/api/v1/videos/${video.id}/posters/${a.id}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectError(await h.api('DELETE', `/api/v1/videos/${video.id}/posters/${a.id}`), 404)
    const ids = (await getVideo(h, video.id)).video_posters.map((p) => p.id)
    expect(ids).not.toContain(a.id)
    expect(ids).toContain(b.id)
  })

  it("gives 403 on another business's video", async () => {
    const { video, a } = await videoWithPosters()
    const solo = await h.token('solo')
    expectError(
      await h.api('DELETE', `/api/v1/videos/${video.id}/posters/${a.id}`, { token: solo }),
      403,
    )
    expectError(
      await h.api('POST', `/api/v1/videos/${video.id}/posters`, {
        token: solo,
        json: { url: jpgUrl },
      }),
      403,
    )
  })
})

describe.runIf(canServeMedia)('poster_url on create and update (document 1 section 4.4)', () => {
  it('replaces posters on create and update, preserves on omit, removes with null or ""', async () => {
    const video = await createVideo(h, {
      channel_id: channelId,
      caption: uniq('pu'),
      poster_url: jpgUrl,
    })
    expect(video.video_posters).toHaveLength(1)
    expect(video.video_posters[0]).toMatchObject({
      format: 'jpg',
      width: jpg.width,
      height: jpg.height,
    })
    const patch = (json: unknown) => h.api<Video>('PATCH', `/api/v1/videos/${video.id}`, { json })
    const replaced = await patch({ poster_url: pngUrl })
    expectStatus(replaced, 200)
    expect(replaced.json.video_posters.map((p) => p.format)).toEqual(['png'])
    const kept = await patch({ caption: 'still png' })
    expect(kept.json.video_posters.map((p) => p.format)).toEqual(['png'])
    const removed = await patch({ poster_url: null })
    expect(removed.json.video_posters).toEqual([])
    await patch({ poster_url: jpgUrl })
    const emptied = await patch({ poster_url: '' })
    expect(emptied.json.video_posters).toEqual([])
  })

  it('refuses a poster_url without a .jpg or .png extension', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('pu') })
    const webp = h.media.serve('/posters/p.webp', {
      body: Buffer.from('RIFF'),
      contentType: 'image/webp',
    })
    const res = await h.api('PATCH', `/api/v1/videos/${video.id}`, { json: { poster_url: webp } })
    expectError(res, [400, 422])
  })
})
