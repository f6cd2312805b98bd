/** Create video: document 1 sections 2.1, 3.2, 4.4 (options 1 and 4, metadata), 7 and 8. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import {
  createVideo,
  documentedVideoFields,
  getVideo,
  mp4,
  postVideo,
  sampleClip,
  unknownIdLike,
  walkPages,
} from './fixtures.ts'
import { expectError, expectStatus, setUpHarness, uniq, type World } from './harness.ts'

const h = setUpHarness()
let world: World
let channelId: string

const DAY = 86_400_000

beforeAll(async () => {
  world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
})

describe('inline base64 (option 4)', () => {
  it('returns 201 with the full Video and the documented defaults', async () => {
    const before = Date.now()
    const caption = uniq('create')
    const video = await createVideo(h, { channel_id: channelId, caption })
    for (const field of documentedVideoFields) expect(video, field).toHaveProperty(field)
    expect(video.caption).toBe(caption)
    expect(video.access).toBe('public')
    expect(video.audio_disabled).toBe(false)
    expect(video.hashtags).toEqual([])
    expect(video.product_ids).toEqual([])
    expect(video.variant_ids).toEqual([])
    expect(video.custom_fields).toEqual({})
    expect(video.archived_at).toBeNull()
    expect(video.content_generation_type).toBeNull()
    expect(video.is_published).toBe(true)
    const publishedAt = Date.parse(video.published_at ?? '')
    expect(publishedAt).toBeGreaterThanOrEqual(before - 60_000)
    expect(publishedAt).toBeLessThanOrEqual(Date.now() + 60_000)
    expect(Array.isArray(video.video_posters)).toBe(true)
    expect(typeof video.watch_url).toBe('string')
    expect(await getVideo(h, video.id)).toMatchObject({ id: video.id, caption })
  })

  it('strips a data: URI prefix', async () => {
    const res = await h.api('POST', '/api/v1/videos', {
      json: {
        channel_id: channelId,
        caption: uniq(),
        file_base64: `data:video/mp4;base64,${sampleClip().bytes.toString('base64')}`,
        filename: 'clip.mp4',
      },
    })
    expectStatus(res, 201)
  })

  it('gives 400 for more than 5 MB decoded', async () => {
    const res = await postVideo(
      h,
      { channel_id: channelId, caption: uniq() },
      {
        file: mp4(5, 5 * 1024 * 1024 + 64 * 1024),
      },
    )
    expectError(res, [400, 413])
  })

  it('gives 400 for bytes that are not a video', async () => {
    const res = await postVideo(
      h,
      { channel_id: channelId, caption: uniq() },
      {
        file: Buffer.alloc(40 * 1024, 'not a video'),
      },
    )
    expectError(res, [400, 422])
  })

  it('accepts the metadata fields, including deprecated ones', async () => {
    const video = await createVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      description: 'described',
      access: 'private',
      audio_disabled: true,
      hashtags: ['one', 'two'],
      custom_fields: { sku_ref: 'A-1' },
      content_generation_type: 'aigc',
      creation_details: { tool: 'conformance' },
      creator: 'someone',
      sentiment: 'positive',
    })
    expect(video).toMatchObject({
      description: 'described',
      access: 'private',
      audio_disabled: true,
      custom_fields: { sku_ref: 'A-1' },
      content_generation_type: 'aigc',
    })
    expect(video.hashtags).toHaveLength(2)
  })
})

describe('multipart file upload (option 1)', () => {
  it('returns 201 for metadata JSON plus a file', async () => {
    const caption = uniq('form')
    const form = new FormData()
    form.append('metadata', JSON.stringify({ channel_id: channelId, caption }))
    form.append(
      'file',
      new Blob([new Uint8Array(sampleClip().bytes)], { type: 'video/mp4' }),
      'clip.mp4',
    )
    const res = await h.api<Video>('POST', '/api/v1/videos', { body: form })
    expectStatus(res, 201)
    expect(res.json.caption).toBe(caption)
  })

  it('gives 400 without metadata or without a file', async () => {
    const noMeta = new FormData()
    noMeta.append('file', new Blob([new Uint8Array(mp4(5))], { type: 'video/mp4' }), 'clip.mp4')
    expectError(await h.api('POST', '/api/v1/videos', { body: noMeta }), 400)
    const noFile = new FormData()
    noFile.append('metadata', JSON.stringify({ channel_id: channelId, caption: uniq() }))
    expectError(await h.api('POST', '/api/v1/videos', { body: noFile }), 400)
    const badMeta = new FormData()
    badMeta.append('metadata', '{not json')
    badMeta.append('file', new Blob([new Uint8Array(mp4(5))], { type: 'video/mp4' }), 'clip.mp4')
    expectError(await h.api('POST', '/api/v1/videos', { body: badMeta }), 400)
  })

  it('gives 400 for an unsupported file type', async () => {
    const form = new FormData()
    form.append('metadata', JSON.stringify({ channel_id: channelId, caption: uniq() }))
    form.append('file', new Blob([Buffer.alloc(40 * 1024, 1)], { type: 'image/gif' }), 'x.gif')
    expectError(await h.api('POST', '/api/v1/videos', { body: form }), 400)
  })
})

describe('channel resolution', () => {
  it('requires channel_id when the business has several channels (400)', async () => {
    expectError(await postVideo(h, { caption: uniq() }), 400)
  })

  it('uses the sole channel when channel_id is omitted', async () => {
    const caption = uniq('solo')
    const video = await createVideo(h, { caption }, { client: 'solo' })
    const soloChannel = world.solo.channels[0]?.id
    const pages = await walkPages(
      h,
      '/api/v1/videos',
      { channel_id: soloChannel, q: caption },
      await h.token('solo'),
    )
    expect(pages.flatMap((p) => p.videos.map((v: Video) => v.id))).toEqual([video.id])
  })

  it("gives 403 for another business's channel and 404 for an unknown channel", async () => {
    const soloChannel = world.solo.channels[0]?.id
    expectError(await postVideo(h, { channel_id: soloChannel, caption: uniq() }), 403)
    const known = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
    const unknown = unknownIdLike(channelId, known)
    expectError(await postVideo(h, { channel_id: unknown, caption: uniq() }), 404)
  })
})

describe('publication on create (document 1 section 3.2)', () => {
  it('publish: false creates a draft', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq(), publish: false })
    expect(video.published_at).toBeNull()
    expect(video.is_published).toBe(false)
  })

  it('gives 422 for published_at together with publish: false', async () => {
    const res = await postVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      publish: false,
      published_at: new Date(Date.now() + DAY).toISOString(),
    })
    expectError(res, 422)
  })

  it('schedules a future published_at within 28 days', async () => {
    const at = new Date(Date.now() + 27 * DAY)
    const video = await createVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      published_at: at.toISOString(),
    })
    expect(Math.abs(Date.parse(video.published_at ?? '') - at.getTime())).toBeLessThan(1000)
    expect(video.is_published).toBe(false)
  })

  it('gives 422 for a published_at in the past or more than 28 days ahead', async () => {
    for (const at of [Date.now() - DAY, Date.now() + 29 * DAY]) {
      const res = await postVideo(h, {
        channel_id: channelId,
        caption: uniq(),
        published_at: new Date(at).toISOString(),
      })
      expectError(res, 422)
    }
  })

  it('gives 422 for a published_at that is not a date-time', async () => {
    const res = await postVideo(h, { channel_id: channelId, caption: uniq(), published_at: 'soon' })
    expectError(res, 422)
  })
})

describe('validation', () => {
  it('gives 422 for a content_generation_type other than aigc', async () => {
    const res = await postVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      content_generation_type: 'human',
    })
    expectError(res, 422)
  })

  it('gives 422 for a caption that is too long (contract bound 2200)', async () => {
    const ok = await postVideo(h, {
      channel_id: channelId,
      caption: `${uniq()} `.padEnd(2200, 'c'),
    })
    expectStatus(ok, 201)
    const res = await postVideo(h, { channel_id: channelId, caption: 'c'.repeat(2201) })
    expectError(res, 422)
  })

  it('gives 400 for an unknown field', async () => {
    expectError(await postVideo(h, { channel_id: channelId, caption: uniq(), colour: 'red' }), 400)
  })

  it('gives 400 for two sources at once or none', async () => {
    const both = await postVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      url: 'https://example.com/clip.mp4',
    })
    expectError(both, 400)
    const none = await h.api('POST', '/api/v1/videos', {
      json: { channel_id: channelId, caption: uniq() },
    })
    expectError(none, 400)
  })
})
