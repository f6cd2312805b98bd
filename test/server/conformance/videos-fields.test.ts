/** Sparse fields: document 1 section 2.1 (fields rule), 4.6, 4.7 and 7 (get/list 400). */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, documentedVideoFields } from './fixtures.ts'
import { expectError, expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
let video: Video

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
  video = await createVideo(h, {
    channel_id: channelId,
    caption: uniq('fields'),
    hashtags: ['fields'],
  })
})

const keys = (o: object) => Object.keys(o).sort()

// The contract types these answers as SparseVideo (only id required), so the promise that an
// answer without `fields` is the whole Video is held here.
describe('without fields', () => {
  it('get and list answer every documented field', async () => {
    const one = await h.api('GET', `/api/v1/videos/${video.id}`)
    expectStatus(one, 200)
    expect(keys(one.json)).toEqual([...documentedVideoFields].sort())
    const list = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, page_size: 5 },
    })
    expectStatus(list, 200)
    expect(list.json.videos.length).toBeGreaterThan(0)
    for (const item of list.json.videos)
      expect(keys(item)).toEqual([...documentedVideoFields].sort())
  })
})

describe('GET /api/v1/videos/{id}?fields=', () => {
  it('returns only the named fields plus id', async () => {
    const res = await h.api('GET', `/api/v1/videos/${video.id}`, {
      query: { fields: 'caption,thumbnail_url,published_at' },
    })
    expectStatus(res, 200)
    expect(keys(res.json)).toEqual(['caption', 'id', 'published_at', 'thumbnail_url'])
    expect(res.json.caption).toBe(video.caption)
    expect(res.json.id).toBe(video.id)
  })

  it('ignores whitespace and duplicate names', async () => {
    const res = await h.api('GET', `/api/v1/videos/${video.id}`, {
      query: { fields: ' caption , hashtags,caption,  hashtags ' },
    })
    expectStatus(res, 200)
    expect(keys(res.json)).toEqual(['caption', 'hashtags', 'id'])
    expect(res.json.hashtags).toEqual(video.hashtags)
  })

  it('fields=id returns only the id', async () => {
    const res = await h.api('GET', `/api/v1/videos/${video.id}`, { query: { fields: 'id' } })
    expectStatus(res, 200)
    expect(res.json).toEqual({ id: video.id })
  })

  it('accepts every documented name', async () => {
    const res = await h.api('GET', `/api/v1/videos/${video.id}`, {
      query: { fields: documentedVideoFields.join(',') },
    })
    expectStatus(res, 200)
    expect(keys(res.json)).toEqual([...documentedVideoFields].sort())
  })

  it('gives 400 for an unknown name, even next to valid ones', async () => {
    for (const fields of ['colour', 'caption,colour', 'hidden', 'status']) {
      expectError(await h.api('GET', `/api/v1/videos/${video.id}`, { query: { fields } }), 400)
    }
  })
})

describe('GET /api/v1/videos?fields=', () => {
  it('applies the same rule to every listed video', async () => {
    const res = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, fields: 'caption, duration', page_size: 20 },
    })
    expectStatus(res, 200)
    expect(res.json.videos.length).toBeGreaterThan(0)
    for (const item of res.json.videos) expect(keys(item)).toEqual(['caption', 'duration', 'id'])
    expect(res.json.pagination).toBeDefined()
    expect(res.json.links).toBeDefined()
  })

  it('gives 400 for an unknown name', async () => {
    const res = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, fields: 'caption,nope' },
    })
    expectError(res, 400)
  })
})
