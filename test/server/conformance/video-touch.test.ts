/**
 * Every change to a video is announced: each poster change (add, reweight one, reweight a batch,
 * delete) and each acceptance of product matches (by hand or by auto_accept) sends one
 * video_updated whose snapshot shows the video as GET /videos/{id} then does (document 1
 * sections 3.1, 6.1 and 6.3). The Video object has no updated_at (section 2.1), so the time of a
 * change is not visible here; test/server/videos/touch-video.test.ts checks that it moves.
 * Webhook subscriptions are registered by the operator, so this file runs against the sandbox only.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import type { Delivery } from '../../support/conformance/webhook-receiver.ts'
import {
  createVideo,
  getVideo,
  type ShippedMedia,
  shippedMedia,
  shippedOfKind,
} from './fixtures.ts'
import { expectStatus, isSandbox, SLOW, setUpHarness, uniq, waitFor } from './harness.ts'

describe.runIf(isSandbox)('video_updated after poster changes and accepted matches', () => {
  const h = setUpHarness({ webhooks: true })
  let channelId: string
  let jpgUrl: string
  let pngUrl: string
  let product: Product

  beforeAll(async () => {
    const world = await h.world()
    channelId = world.main.channels[0]?.id ?? ''
    const jpg = shippedOfKind('poster', 'jpg')[0] as ShippedMedia
    const png = shippedOfKind('poster', 'png')[0] as ShippedMedia
    jpgUrl = h.media.serve(`/touch/${jpg.file}`, {
      body: shippedMedia(jpg.file),
      contentType: 'image/jpeg',
    })
    pngUrl = h.media.serve(`/touch/${png.file}`, {
      body: shippedMedia(png.file),
      contentType: 'image/png',
    })
    // The first store with named products (a store fed from a platform may have none here).
    for (const store of world.main.stores) {
      const named = (await h.products(store.id)).find((p) => p.name)
      if (named) {
        product = named
        break
      }
    }
    if (!product) throw new Error('the main business needs a store with named products')
  })

  const updates = (videoId: string): Delivery[] =>
    h.webhooks.deliveries.filter(
      (d) => d.body?.event_type === 'video_updated' && d.body.data?.id === videoId,
    )

  /** The video's next video_updated once `seen` have arrived; fails naming what it waited for. */
  const nextUpdate = (videoId: string, seen: number, after: string) =>
    waitFor(async () => updates(videoId)[seen], `video_updated #${seen + 1} (after ${after})`)

  /** A video whose video_created went out: later changes must each send video_updated. */
  async function announcedVideo(caption: string): Promise<Video> {
    const video = await createVideo(h, { channel_id: channelId, caption })
    await waitFor(
      async () =>
        h.webhooks.deliveries.find(
          (d) => d.body?.event_type === 'video_created' && d.body.data?.id === video.id,
        ),
      `video_created for ${video.id}`,
    )
    return video
  }

  const posterUrls = (posters: Array<{ url: string }>) => posters.map((poster) => poster.url)

  it(
    'each poster change sends one video_updated with the posters in their new order',
    async () => {
      const video = await announcedVideo(uniq('touch'))
      const base = `/api/v1/videos/${video.id}/posters`
      const steps: Array<{ what: string; act: () => Promise<{ status: number }>; status: number }> =
        [
          {
            what: 'adding a jpg poster',
            act: () =>
              h.api('POST', base, { json: { url: jpgUrl, weight: 0.2, external_id: 'a' } }),
            status: 201,
          },
          {
            what: 'adding a heavier png poster',
            act: () =>
              h.api('POST', base, { json: { url: pngUrl, weight: 0.8, external_id: 'b' } }),
            status: 201,
          },
          {
            what: 'reweighting one poster',
            act: async () => {
              const a = (await getVideo(h, video.id)).video_posters.find(
                (p) => p.external_id === 'a',
              )
              return h.api('PATCH', `${base}/${a?.id}`, { json: { weight: 0.9 } })
            },
            status: 200,
          },
          {
            what: 'reweighting a batch',
            act: () =>
              h.api('PATCH', base, {
                json: {
                  posters: [
                    { external_id: 'a', weight: 0.1 },
                    { external_id: 'b', weight: 0.5 },
                  ],
                },
              }),
            status: 200,
          },
          {
            what: 'deleting a poster',
            act: async () => {
              const b = (await getVideo(h, video.id)).video_posters.find(
                (p) => p.external_id === 'b',
              )
              return h.api('DELETE', `${base}/${b?.id}`)
            },
            status: 204,
          },
        ]
      const orders: string[][] = []
      for (const [index, step] of steps.entries()) {
        expect((await step.act()).status, step.what).toBe(step.status)
        const event = await nextUpdate(video.id, index, step.what)
        const now = await getVideo(h, video.id)
        expect(posterUrls(event.body.data.video_posters), step.what).toEqual(
          posterUrls(now.video_posters),
        )
        expect(h.webhooks.verify(event).ok, step.what).toBe(true)
        orders.push(posterUrls(now.video_posters))
      }
      expect(updates(video.id)).toHaveLength(steps.length)
      const [a, b] = [orders[0]?.[0], orders[1]?.find((url) => url !== orders[0]?.[0])]
      expect(orders).toEqual([[a], [b, a], [a, b], [b, a], [a]])
    },
    SLOW,
  )

  const matchesOf = (videoId: string) =>
    h.api<ProductMatchList>('GET', `/api/v1/videos/${videoId}/product_matches`)
  const completedMatches = (videoId: string) =>
    waitFor(async () => {
      const res = await matchesOf(videoId)
      expectStatus(res, 200)
      return res.json.status === 'completed' ? res.json : undefined
    }, `matching to complete for ${videoId}`)

  it(
    'accepting matches sends video_updated with the accepted products tagged',
    async () => {
      const video = await announcedVideo(`${product.name} ${uniq('touch')}`)
      expectStatus(await h.api('POST', `/api/v1/videos/${video.id}/product_matches`), 202)
      const [first] = (await completedMatches(video.id)).matches
      if (!first) throw new Error(`matching found nothing for the caption "${video.caption}"`)
      expect(updates(video.id)).toHaveLength(0)

      const accepted = await h.api('POST', `/api/v1/videos/${video.id}/product_matches/accept`, {
        json: { product_ids: [first.product.id] },
      })
      expectStatus(accepted, 200)
      const event = await nextUpdate(video.id, 0, 'accepting a match')
      expect(event.body.data.product_ids).toEqual([first.product.id])
      expect((await getVideo(h, video.id)).product_ids).toEqual([first.product.id])
    },
    SLOW,
  )

  it(
    'auto_accept sends video_updated once the job has tagged the matched products',
    async () => {
      const video = await announcedVideo(`${product.name} ${uniq('touch')}`)
      const started = await h.api('POST', `/api/v1/videos/${video.id}/product_matches`, {
        json: { auto_accept: true },
      })
      expectStatus(started, 202)
      const done = await completedMatches(video.id)
      expect(done.matches.length).toBeGreaterThan(0)
      const event = await nextUpdate(video.id, 0, 'auto_accept')
      const tagged = (await getVideo(h, video.id)).product_ids
      expect(tagged.sort()).toEqual(done.matches.map((m) => m.product.id).sort())
      expect([...event.body.data.product_ids].sort()).toEqual(tagged)
    },
    SLOW,
  )
})
