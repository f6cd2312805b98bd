/**
 * Archive, publish and delete: document 1 sections 3.2, 3.3, 4.8 and 7 (delete/archive/
 * unarchive/unpublish and publish rows), 8 (28-day horizon).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, getVideo, walkPages } from './fixtures.ts'
import { expectError, expectStatus, SLOW, setUpHarness, uniq, waitFor } from './harness.ts'

const h = setUpHarness()
let channelId: string
const DAY = 86_400_000

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
})

const fresh = (input: Record<string, unknown> = {}) =>
  createVideo(h, { channel_id: channelId, caption: uniq('life'), ...input })
const post = (id: string, action: string, json?: unknown) =>
  h.api<Video>('POST', `/api/v1/videos/${id}/${action}`, { json })

function near(iso: string | null, ms: number, within = 60_000) {
  expect(iso).not.toBeNull()
  expect(Math.abs(Date.parse(iso ?? '') - ms)).toBeLessThan(within)
}

describe('archive and unarchive', () => {
  it('archive sets archived_at to now; unarchive clears it; both return the Video', async () => {
    const video = await fresh()
    const archived = await post(video.id, 'archive')
    expectStatus(archived, 200)
    expect(archived.json.id).toBe(video.id)
    near(archived.json.archived_at, Date.now())
    expect(archived.json).toHaveProperty('video_posters')
    const restored = await post(video.id, 'unarchive')
    expectStatus(restored, 200)
    expect(restored.json.archived_at).toBeNull()
    expect((await getVideo(h, video.id)).archived_at).toBeNull()
  })
})

describe('publish and unpublish', () => {
  it('unpublish makes a draft; publish without a body makes it live now', async () => {
    const video = await fresh()
    const draft = await post(video.id, 'unpublish')
    expectStatus(draft, 200)
    expect(draft.json.published_at).toBeNull()
    expect(draft.json.is_published).toBe(false)
    const live = await post(video.id, 'publish')
    expectStatus(live, 200)
    expect(live.json.is_published).toBe(true)
    near(live.json.published_at, Date.now())
  })

  it('publish with published_at null publishes now', async () => {
    const video = await fresh({ publish: false })
    const res = await post(video.id, 'publish', { published_at: null })
    expectStatus(res, 200)
    expect(res.json.is_published).toBe(true)
    near(res.json.published_at, Date.now())
  })

  it('schedules a time within 28 days', async () => {
    const video = await fresh({ publish: false })
    const at = new Date(Date.now() + 27 * DAY)
    const res = await post(video.id, 'publish', { published_at: at.toISOString() })
    expectStatus(res, 200)
    expect(res.json.is_published).toBe(false)
    near(res.json.published_at, at.getTime(), 1000)
  })

  it(
    'a scheduled video becomes published once its time passes',
    async () => {
      const video = await fresh({ publish: false })
      const at = Date.now() + 3_000
      const res = await post(video.id, 'publish', { published_at: new Date(at).toISOString() })
      expectStatus(res, 200)
      expect(res.json.is_published).toBe(false)
      const live = await waitFor(
        async () => {
          const now = await getVideo(h, video.id)
          return now.is_published ? now : undefined
        },
        `is_published to turn true after the scheduled time ${new Date(at).toISOString()}`,
        at - Date.now() + 30_000,
      )
      near(live.published_at, at, 1000)
    },
    SLOW,
  )

  it('gives 422 for a past time, more than 28 days ahead or an invalid value, unchanged', async () => {
    const video = await fresh({ publish: false })
    for (const published_at of [
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 29 * DAY).toISOString(),
      'next tuesday',
    ]) {
      expectError(await post(video.id, 'publish', { published_at }), 422)
    }
    const after = await getVideo(h, video.id)
    expect(after.published_at).toBeNull()
    expect(after.is_published).toBe(false)
  })

  it('gives 400 for a malformed body', async () => {
    const video = await fresh()
    const res = await h.api('POST', `/api/v1/videos/${video.id}/publish`, {
      body: '{"published_at":',
      headers: { 'content-type': 'application/json' },
    })
    expectError(res, 400)
  })
})

describe('delete', () => {
  it('soft-deletes: 204 with an empty body, then 404 everywhere and absent from the list', async () => {
    const video = await fresh()
    const res = await h.api('DELETE', `/api/v1/videos/${video.id}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectError(await h.api('GET', `/api/v1/videos/${video.id}`), 404)
    expectError(await h.api('DELETE', `/api/v1/videos/${video.id}`), 404)
    for (const action of ['archive', 'unarchive', 'publish', 'unpublish']) {
      expectError(await post(video.id, action), 404)
    }
    const pages = await walkPages(h, '/api/v1/videos', { channel_id: channelId, q: video.caption })
    expect(pages.flatMap((p) => p.videos)).toEqual([])
    const archived = await walkPages(h, '/api/v1/videos', {
      channel_id: channelId,
      q: video.caption,
      archived: true,
    })
    expect(archived.flatMap((p) => p.videos)).toEqual([])
  })

  it('gives 401 without a token', async () => {
    const video = await fresh()
    expectError(await h.api('DELETE', `/api/v1/videos/${video.id}`, { token: null }), 401)
    expect((await getVideo(h, video.id)).id).toBe(video.id)
  })
})
