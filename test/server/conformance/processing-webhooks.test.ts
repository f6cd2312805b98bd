/**
 * Processing and webhooks: document 1 sections 3.1, 6.1, 6.2, 6.3, 6.5 and 6.6. Webhook
 * subscriptions are registered by the operator, so this file runs against the sandbox only.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import type { Delivery } from '../../support/conformance/webhook-receiver.ts'
import { createVideo, getVideo, mp4, waitForStatus } from './fixtures.ts'
import { expectStatus, isSandbox, SLOW, setUpHarness, uniq, waitFor } from './harness.ts'
import { postToStorage, signUpload, uploadForm } from './uploads.ts'

describe.runIf(isSandbox)('processing and webhooks', () => {
  const h = setUpHarness({ webhooks: true })
  let channelId: string
  let businessId: string

  beforeAll(async () => {
    const world = await h.world()
    channelId = world.main.channels[0]?.id ?? ''
    businessId = world.main.businessId
  })

  const eventsFor = (videoId: string) =>
    h.webhooks.deliveries.filter((d) => d.body?.data?.id === videoId)
  const firstEvent = (videoId: string, type: string) =>
    waitFor(
      async () => eventsFor(videoId).find((d) => d.body.event_type === type),
      `${type} for ${videoId}`,
    )

  it(
    'an approved video sends one signed video_created with the documented envelope',
    async () => {
      const video = await createVideo(h, {
        channel_id: channelId,
        caption: uniq('wh'),
        hashtags: ['one'],
        custom_fields: { k: 'v' },
      })
      const event = await firstEvent(video.id, 'video_created')
      expect(event.headers['content-type']).toContain('application/json')
      expect(Object.keys(event.body).sort()).toEqual(
        ['business_id', 'created', 'data', 'event_type', 'version'].sort(),
      )
      expect(event.body.version).toBe('2023-06-06')
      expect(event.body.business_id).toBe(businessId)
      expect(Number.isInteger(event.body.created)).toBe(true)
      expect(Math.abs(event.body.created - Date.now() / 1000)).toBeLessThan(600)
      const data = event.body.data
      expect(data).toMatchObject({
        id: video.id,
        status: 'approved',
        access: 'public',
        audio_disabled: false,
        caption: video.caption,
        hashtags: video.hashtags,
        archived_at: null,
        product_ids: [],
        custom_fields: { k: 'v' },
      })
      for (const key of [
        'description',
        'display_social_attributions',
        'external_media',
        'thumbnail_url',
        'video_posters',
      ]) {
        expect(data).toHaveProperty(key)
      }
      expect(data).not.toHaveProperty('import_id')
      expect(data).not.toHaveProperty('watch_url')
      expect(data).not.toHaveProperty('is_published')
      await waitForStatus(h, video, channelId, 'approved')
    },
    SLOW,
  )

  it(
    'signs each delivery: HMAC-SHA256 base64 over "t.raw body", t in milliseconds',
    async () => {
      const video = await createVideo(h, { channel_id: channelId, caption: uniq('sig') })
      const event = await firstEvent(video.id, 'video_created')
      const header = event.headers['service-webhooks-signature']
      expect(typeof header).toBe('string')
      expect(header).toMatch(/^t=\d+,v1=[A-Za-z0-9+/]+=*$/)
      const check = h.webhooks.verify(event)
      expect(check.ok).toBe(true)
      expect(Math.abs((check.t ?? 0) - event.receivedAt)).toBeLessThan(5 * 60_000)
      const tampered: Delivery = {
        ...event,
        raw: Buffer.from(event.raw.toString().replace('"', ' "')),
      }
      expect(h.webhooks.verify(tampered).ok).toBe(false)
    },
    SLOW,
  )

  it(
    'a 1 s clip ends errored and sends video_created with status errored',
    async () => {
      const caption = uniq('short')
      const sig = await signUpload(h, channelId)
      const upload = await postToStorage(sig.post_url, uploadForm(sig, mp4(1)))
      expect(upload.status).toBe(204)
      const res = await h.api<Video>('POST', '/api/v1/videos', {
        json: { channel_id: channelId, storage_key: sig.key, caption },
      })
      expectStatus(res, 201)
      const event = await firstEvent(res.json.id, 'video_created')
      expect(event.body.data.status).toBe('errored')
      await waitForStatus(h, res.json, channelId, 'errored')
      expect(eventsFor(res.json.id).some((d) => d.body.event_type === 'video_updated')).toBe(false)
    },
    SLOW,
  )

  it(
    'sends video_updated only after video_created, with the new metadata',
    async () => {
      const video = await createVideo(h, { channel_id: channelId, caption: uniq('upd') })
      const early = await h.api('PATCH', `/api/v1/videos/${video.id}`, {
        json: { description: 'early' },
      })
      expectStatus(early, 200)
      await firstEvent(video.id, 'video_created')
      const caption = uniq('renamed')
      expectStatus(await h.api('PATCH', `/api/v1/videos/${video.id}`, { json: { caption } }), 200)
      const updated = await waitFor(
        async () =>
          eventsFor(video.id).find(
            (d) => d.body.event_type === 'video_updated' && d.body.data.caption === caption,
          ),
        'video_updated with the new caption',
      )
      expect(updated.body.data.status).toBe('approved')
      const events = eventsFor(video.id)
      const createdAt = events.findIndex((d) => d.body.event_type === 'video_created')
      const firstUpdate = events.findIndex((d) => d.body.event_type === 'video_updated')
      expect(createdAt).toBeGreaterThanOrEqual(0)
      expect(firstUpdate).toBeGreaterThan(createdAt)
      expect(h.webhooks.verify(updated).ok).toBe(true)
    },
    SLOW,
  )

  it(
    'sends video_updated for state changes (archive) with archived_at',
    async () => {
      const video = await createVideo(h, { channel_id: channelId, caption: uniq('arch') })
      await firstEvent(video.id, 'video_created')
      expectStatus(await h.api('POST', `/api/v1/videos/${video.id}/archive`), 200)
      const updated = await waitFor(
        async () =>
          eventsFor(video.id).find(
            (d) => d.body.event_type === 'video_updated' && d.body.data.archived_at !== null,
          ),
        'video_updated after archive',
      )
      expect(Date.parse(updated.body.data.archived_at)).toBe(
        Date.parse((await getVideo(h, video.id)).archived_at ?? ''),
      )
    },
    SLOW,
  )

  it(
    'retries a failed delivery with the same event (same event_type, data.id, created)',
    async () => {
      const caption = uniq('retry')
      let failed = false
      h.webhooks.respondWith((d) => {
        if (!failed && d.body?.data?.caption === caption) {
          failed = true
          return 500
        }
        return 200
      })
      const video = await createVideo(h, { channel_id: channelId, caption })
      const attempts = await waitFor(async () => {
        const created = eventsFor(video.id).filter((d) => d.body.event_type === 'video_created')
        return created.length >= 2 ? created : undefined
      }, 'a retried video_created')
      const [first, second] = attempts as [Delivery, Delivery]
      expect(first.answered).toBe(500)
      expect(second.answered).toBe(200)
      expect(second.body.created).toBe(first.body.created)
      expect(second.body.data.id).toBe(first.body.data.id)
      expect(h.webhooks.verify(second).ok).toBe(true)
      h.webhooks.respondWith(() => 200)
    },
    SLOW,
  )
})
