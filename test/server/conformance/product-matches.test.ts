/**
 * AI product matching: document 1 sections 2.9, 3.5, 4.12 and 7; quota status per contract
 * (x-assumed 402, the documents do not show it).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import {
  approvedVideoIds,
  createVideo,
  getVideo,
  shippedMedia,
  shippedOfKind,
  waitForStatus,
} from './fixtures.ts'
import { expectError, expectStatus, SLOW, setUpHarness, uniq, waitFor } from './harness.ts'

const h = setUpHarness()
let channelId: string
let product: Product
let clip: string

beforeAll(async () => {
  const world = await h.world()
  channelId = world.main.channels[0]?.id ?? ''
  // Prefer a shipped clip whose title names a catalog product (what a matcher can find).
  const clips = shippedOfKind('video')
  const products = (await Promise.all(world.main.stores.map((s) => h.products(s.id)))).flat()
  for (const candidate of clips) {
    const title = candidate.title?.toLowerCase() ?? ''
    const named = products.find((p) => title && p.name?.toLowerCase().includes(title))
    if (named) {
      product = named
      clip = candidate.file
      break
    }
  }
  product ??= products.find((p) => p.name) as Product
  clip ??= clips[0]?.file ?? ''
  if (!product) throw new Error('the main business needs a store with products')
})

const matches = (videoId: string, token?: string) =>
  h.api<ProductMatchList>('GET', `/api/v1/videos/${videoId}/product_matches`, { token })
const start = (videoId: string, json?: unknown, token?: string) =>
  h.api<ProductMatchList>('POST', `/api/v1/videos/${videoId}/product_matches`, { json, token })
const accept = (videoId: string, json: unknown) =>
  h.api<ProductMatchList>('POST', `/api/v1/videos/${videoId}/product_matches/accept`, { json })

/** A fresh approved video that shows a catalog product (shipped clip, product name as caption). */
async function matchableVideo(): Promise<Video> {
  const video = await createVideo(
    h,
    {
      channel_id: channelId,
      caption: `${product.name} ${uniq('pm')}`,
      hashtags: [product.name ?? 'x'],
    },
    { file: shippedMedia(clip) },
  )
  await waitForStatus(h, video, channelId, 'approved')
  return video
}

async function completed(videoId: string): Promise<ProductMatchList> {
  return waitFor(async () => {
    const res = await matches(videoId)
    expectStatus(res, 200)
    expect(['in_progress', 'completed']).toContain(res.json.status)
    return res.json.status === 'completed' ? res.json : undefined
  }, 'matching to complete')
}

describe('matching job', () => {
  it(
    'goes none, then in_progress (202), then completed with scored pending matches',
    async () => {
      const video = await matchableVideo()
      const before = await matches(video.id)
      expectStatus(before, 200)
      expect(before.json).toEqual({ status: 'none', matches: [] })
      const started = await start(video.id)
      expectStatus(started, 202)
      expect(started.json.status).toBe('in_progress')
      const done = await completed(video.id)
      expect(done.matches.length).toBeGreaterThan(0)
      for (const match of done.matches) {
        expect(match.status).toBe('pending')
        expect(Number.isInteger(match.matching_score)).toBe(true)
        expect(typeof match.product.id).toBe('string')
        expect(typeof match.id).toBe('string')
        expect(Number.isNaN(Date.parse(match.created_at))).toBe(false)
        expect(Number.isNaN(Date.parse(match.updated_at))).toBe(false)
      }
    },
    SLOW,
  )

  it(
    'accept has replacement semantics; an unknown product fails the whole request',
    async () => {
      const video = await matchableVideo()
      expectStatus(await start(video.id), 202)
      const done = await completed(video.id)
      const [first, second] = done.matches
      if (!first) throw new Error('matching found nothing')

      const one = await accept(video.id, { product_ids: [first.product.id] })
      expectStatus(one, 200)
      for (const m of one.json.matches) {
        expect(m.status).toBe(m.product.id === first.product.id ? 'accepted' : 'rejected')
      }
      if (second) {
        const swap = await accept(video.id, { product_ids: [second.product.id] })
        expectStatus(swap, 200)
        for (const m of swap.json.matches) {
          expect(m.status).toBe(m.product.id === second.product.id ? 'accepted' : 'rejected')
        }
      }
      const current = (await matches(video.id)).json
      const refused = await accept(video.id, { product_ids: [first.product.id, 'no-such-product'] })
      expectError(refused, [400, 404, 422])
      expect((await matches(video.id)).json).toEqual(current)
      expectError(await accept(video.id, { product_ids: [] }), 400)
      expectError(await accept(video.id, {}), 400)
    },
    SLOW,
  )

  it(
    'auto_accept accepts every match and attaches the products to the video',
    async () => {
      const video = await matchableVideo()
      expectStatus(await start(video.id, { auto_accept: true }), 202)
      const done = await completed(video.id)
      expect(done.matches.length).toBeGreaterThan(0)
      for (const m of done.matches) expect(m.status).toBe('accepted')
      const tagged = (await getVideo(h, video.id)).product_ids
      for (const m of done.matches) expect(tagged).toContain(m.product.id)
    },
    SLOW,
  )

  it('gives 400 for a wrongly typed auto_accept', async () => {
    const [id] = await approvedVideoIds(h, channelId, 1)
    expectError(await start(id ?? '', { auto_accept: 'yes' }), 400)
  })
})

describe('quota and access', () => {
  it('refuses a business without matching quota (402) but lets it read matches', async () => {
    const soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
    const token = await h.token('solo')
    const read = await matches(soloVideo, token)
    expectStatus(read, 200)
    expectError(await start(soloVideo, undefined, token), 402)
    expect((await matches(soloVideo, token)).json.status).toBe(read.json.status)
  })

  it("gives 403 for another business's video and 404 for a deleted one", async () => {
    const soloVideo = (await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })).id
    expectError(await matches(soloVideo), 403)
    expectError(await start(soloVideo), 403)
    const gone = await createVideo(h, { channel_id: channelId, caption: uniq('pm') })
    expectStatus(await h.api('DELETE', `/api/v1/videos/${gone.id}`), 204)
    expectError(await matches(gone.id), 404)
    expectError(await start(gone.id), 404)
  })
})
