/** List filters: document 1 section 4.7 (q, hashtag, archived, published, access, status). */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, waitForStatus, walkPages } from './fixtures.ts'
import { expectError, expectStatus, type Query, SLOW, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string
const tag = uniq('flt')

async function listIds(query: Query): Promise<string[]> {
  const pages = await walkPages(h, '/api/v1/videos', {
    channel_id: channelId,
    page_size: 100,
    ...query,
  })
  return pages.flatMap((p) => p.videos.map((v: Video) => v.id))
}

async function listVideos(query: Query): Promise<Video[]> {
  const pages = await walkPages(h, '/api/v1/videos', {
    channel_id: channelId,
    page_size: 100,
    ...query,
  })
  return pages.flatMap((p) => p.videos)
}

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
})

describe('q: case-insensitive caption substring, % and _ literal', () => {
  const made: Record<string, Video> = {}

  beforeAll(async () => {
    const captions = {
      percent: `${tag} Sale 50% off`,
      digits: `${tag} Sale 500 off`,
      underscore: `${tag} code a_b here`,
      letter: `${tag} code axb here`,
      unicode: `${tag} Crème BRÛLÉE 🎬 日本語`,
    }
    for (const [name, caption] of Object.entries(captions)) {
      made[name] = await createVideo(h, { channel_id: channelId, caption })
    }
  }, 60_000)

  it('treats % literally', async () => {
    expect(await listIds({ q: `${tag} Sale 50%` })).toEqual([made.percent?.id])
    expect(await listIds({ q: '50% off' })).toContain(made.percent?.id)
    expect(await listIds({ q: '50% off' })).not.toContain(made.digits?.id)
  })

  it('treats _ literally', async () => {
    expect(await listIds({ q: `${tag} code a_b` })).toEqual([made.underscore?.id])
  })

  it('matches regardless of case', async () => {
    expect(await listIds({ q: `${tag} CODE A_B HERE`.toUpperCase() })).toEqual([
      made.underscore?.id,
    ])
    expect((await listIds({ q: tag.toUpperCase() })).sort()).toEqual(
      Object.values(made)
        .map((v) => v.id)
        .sort(),
    )
  })

  it('matches non-ASCII text exactly and in another case', async () => {
    expect(await listIds({ q: `${tag} Crème BRÛLÉE 🎬 日本語` })).toEqual([made.unicode?.id])
    expect(await listIds({ q: `${tag} crème brûlée` })).toEqual([made.unicode?.id])
  })

  it('matches a substring anywhere in the caption', async () => {
    expect(await listIds({ q: `${tag.slice(3)} sale 500` })).toEqual([made.digits?.id])
  })
})

describe('hashtag: one exact, case-insensitive hashtag; a leading # is significant', () => {
  let video: Video
  let plain: Video

  beforeAll(async () => {
    video = await createVideo(h, {
      channel_id: channelId,
      caption: `${tag} tagged`,
      hashtags: [`#${tag}Hash`, `${tag}Plain`],
    })
    plain = await createVideo(h, {
      channel_id: channelId,
      caption: `${tag} other tags`,
      hashtags: ['x'],
    })
  })

  it('matches the returned form exactly, in any case', async () => {
    expect(video.hashtags).toHaveLength(2)
    for (const form of video.hashtags) {
      expect(await listIds({ hashtag: form })).toEqual([video.id])
      expect(await listIds({ hashtag: form.toUpperCase() })).toEqual([video.id])
      expect(await listIds({ hashtag: form.slice(0, -1) })).toEqual([])
    }
    expect(await listIds({ hashtag: 'x' })).toContain(plain.id)
  })

  it('does not match when the # differs from the returned form', async () => {
    for (const form of video.hashtags) {
      const flipped = form.startsWith('#') ? form.slice(1) : `#${form}`
      expect(await listIds({ hashtag: flipped })).toEqual([])
    }
  })
})

describe('archived, published, access and status', () => {
  let archived: Video
  let live: Video
  let draft: Video
  let scheduled: Video
  let privateVideo: Video

  beforeAll(async () => {
    archived = await createVideo(h, { channel_id: channelId, caption: `${tag} state archived` })
    expectStatus(await h.api('POST', `/api/v1/videos/${archived.id}/archive`), 200)
    live = await createVideo(h, { channel_id: channelId, caption: `${tag} state live` })
    draft = await createVideo(h, {
      channel_id: channelId,
      caption: `${tag} state draft`,
      publish: false,
    })
    scheduled = await createVideo(h, {
      channel_id: channelId,
      caption: `${tag} state scheduled`,
      published_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    })
    privateVideo = await createVideo(h, {
      channel_id: channelId,
      caption: `${tag} state private`,
      access: 'private',
    })
  }, 60_000)

  it('archived omitted or false lists only non-archived; true only archived', async () => {
    const q = `${tag} state`
    const omitted = await listIds({ q })
    expect(omitted).not.toContain(archived.id)
    expect(omitted).toContain(live.id)
    expect(await listIds({ q, archived: false })).toEqual(omitted)
    expect(await listIds({ q, archived: true })).toEqual([archived.id])
    for (const v of await listVideos({ archived: true })) expect(v.archived_at).not.toBeNull()
    for (const v of await listVideos({})) expect(v.archived_at).toBeNull()
  })

  it('published true lists live videos; false lists drafts and scheduled ones', async () => {
    const q = `${tag} state`
    const published = await listIds({ q, published: true })
    expect(published).toContain(live.id)
    expect(published).not.toContain(draft.id)
    expect(published).not.toContain(scheduled.id)
    const unpublished = await listIds({ q, published: false })
    expect(unpublished.sort()).toEqual([draft.id, scheduled.id].sort())
    for (const v of await listVideos({ published: true })) expect(v.is_published).toBe(true)
    for (const v of await listVideos({ published: false })) expect(v.is_published).toBe(false)
  })

  it('access filters by access', async () => {
    const q = `${tag} state`
    expect(await listIds({ q, access: 'private' })).toEqual([privateVideo.id])
    expect(await listIds({ q, access: 'public' })).not.toContain(privateVideo.id)
    for (const v of await listVideos({ access: 'private' })) expect(v.access).toBe('private')
  })

  it(
    'status filters by processing status',
    async () => {
      await waitForStatus(h, live, channelId, 'approved')
      expect(await listIds({ q: `${tag} state live`, status: 'approved' })).toEqual([live.id])
      expect(await listIds({ q: `${tag} state live`, status: 'errored' })).toEqual([])
    },
    SLOW,
  )

  it('gives 400 for invalid filter values', async () => {
    for (const query of [
      { access: 'everyone' },
      { status: 'done' },
      { archived: 'maybe' },
      { published: 'sometimes' },
      { video_type: 'hologram' },
    ]) {
      const res = await h.api('GET', '/api/v1/videos', {
        query: { channel_id: channelId, ...query },
      })
      expectError(res, 400)
    }
  })
})
