/**
 * List videos: document 1 sections 4.1 (cursor pagination) and 4.7 (ordering, filters,
 * total_entries, last page), 7 (list videos row).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, unknownIdLike, walkPages } from './fixtures.ts'
import { expectError, expectStatus, type Json, setUpHarness, uniq, type World } from './harness.ts'

const h = setUpHarness({ seedVideos: 130 })
let world: World
let channelId: string
const tag = uniq('list')
const created: Video[] = []

const ids = (pages: Json[]) => pages.flatMap((p) => p.videos.map((v: Video) => v.id))

beforeAll(async () => {
  world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  for (let i = 0; i < 12; i++) {
    created.push(await createVideo(h, { channel_id: channelId, caption: `${tag} item ${i}` }))
  }
}, 120_000)

describe('cursor pagination', () => {
  it('walks a filtered set through links.next with exact totals and a null last page', async () => {
    const pages = await walkPages(h, '/api/v1/videos', {
      channel_id: channelId,
      q: tag,
      page_size: 5,
    })
    expect(pages).toHaveLength(3)
    expect(pages.map((p) => p.videos.length)).toEqual([5, 5, 2])
    for (const page of pages) expect(page.pagination.total_entries).toBe(12)
    expect(pages.map((p) => p.pagination.has_more)).toEqual([true, true, false])
    for (const page of pages.slice(0, -1)) {
      expect(typeof page.links.next).toBe('string')
      expect(typeof page.pagination.cursor).toBe('string')
    }
    const last = pages.at(-1)
    expect(last.links.next).toBeNull()
    expect(last.pagination.cursor).toBeNull()
    // Newest created first, no duplicates or gaps.
    expect(ids(pages)).toEqual(created.map((v) => v.id).reverse())
  })

  it('walks the whole channel without duplicates or gaps, matching total_entries', async () => {
    const small = await walkPages(h, '/api/v1/videos', { channel_id: channelId, page_size: 7 })
    const big = await walkPages(h, '/api/v1/videos', { channel_id: channelId, page_size: 100 })
    const all = ids(small)
    expect(new Set(all).size).toBe(all.length)
    expect(all).toEqual(ids(big))
    expect(all.length).toBe(small[0].pagination.total_entries)
    expect(all.length).toBeGreaterThan(12)
  })

  it('defaults page_size to 10 and clamps 1000 to 100', async () => {
    const first = await h.api('GET', '/api/v1/videos', { query: { channel_id: channelId } })
    expectStatus(first, 200)
    expect(first.json.videos).toHaveLength(Math.min(10, first.json.pagination.total_entries))
    // Make the clamp observable: more than 100 videos in the channel.
    for (let n = first.json.pagination.total_entries; n <= 100; n++) {
      await createVideo(h, { channel_id: channelId, caption: `${uniq('fill')} filler` })
    }
    const clamped = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, page_size: 1000 },
    })
    expectStatus(clamped, 200)
    expect(clamped.json.pagination.total_entries).toBeGreaterThan(100)
    expect(clamped.json.videos).toHaveLength(100)
    expect(clamped.json.pagination.has_more).toBe(true)
  }, 120_000)

  it('gives 400 for an invalid page_size or cursor', async () => {
    for (const page_size of [0, -5, 'abc']) {
      const res = await h.api('GET', '/api/v1/videos', {
        query: { channel_id: channelId, page_size },
      })
      expectError(res, 400)
    }
    const res = await h.api('GET', '/api/v1/videos', {
      query: { channel_id: channelId, after: '!!not-a-cursor!!' },
    })
    expectError(res, 400)
  })
})

describe('channel', () => {
  it('requires channel_id when the business has several channels (400)', async () => {
    expectError(await h.api('GET', '/api/v1/videos'), 400)
  })

  it('defaults to the sole channel of a single-channel business', async () => {
    const token = await h.token('solo')
    const implicit = await h.api('GET', '/api/v1/videos', { token, query: { page_size: 100 } })
    expectStatus(implicit, 200)
    const explicit = await h.api('GET', '/api/v1/videos', {
      token,
      query: { page_size: 100, channel_id: world.solo.channels[0]?.id },
    })
    expect(implicit.json.videos.map((v: Video) => v.id)).toEqual(
      explicit.json.videos.map((v: Video) => v.id),
    )
  })

  it('gives 403 for a channel of another business and 404 for an unknown channel', async () => {
    const soloChannel = world.solo.channels[0]?.id
    expectError(await h.api('GET', '/api/v1/videos', { query: { channel_id: soloChannel } }), 403)
    const known = [...world.main.channels, ...world.solo.channels].map((c) => c.id)
    const unknown = unknownIdLike(channelId, known)
    expectError(await h.api('GET', '/api/v1/videos', { query: { channel_id: unknown } }), 404)
  })

  it('lists only videos of the requested channel', async () => {
    const other = world.main.channels[1]?.id
    const video = await createVideo(h, { channel_id: other, caption: `${tag} other channel` })
    const mine = ids(await walkPages(h, '/api/v1/videos', { channel_id: channelId, q: tag }))
    expect(mine).not.toContain(video.id)
    const theirs = ids(await walkPages(h, '/api/v1/videos', { channel_id: other, q: tag }))
    expect(theirs).toEqual([video.id])
  })
})
