/**
 * What the rules' conditions read that the index did not keep: a video's description (read with
 * the same pages as the rest, and carried by the webhook's snapshot) and when it was created
 * (the Video has no such field: the `video_created` webhook's time, unknown for what the first
 * backfill found).
 */
import { describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import { indexedSandbox } from '../index/index-sandbox.ts'
import { waitUntil } from '../wait-until.ts'

const described = 'Trail backpacks for a summer of hiking'

const running = indexedSandbox(12, async (env, channel) => {
  const [first] = await env.serviceVideos(channel)
  await env.call('PATCH', `/videos/${first?.id}`, { description: described })
})

const row = (id: string) =>
  running.opened.db
    .selectFrom('indexed_videos')
    .select(['description', 'created_at', 'partial'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('the index, for the rules', () => {
  it('keeps each video’s description from the backfill, and no creation time it cannot know', async () => {
    const videos = await running.env.serviceVideos(running.channel)
    for (const { id } of videos) {
      const service = await running.env.call<Video>('GET', `/videos/${id}`)
      expect(await row(id)).toMatchObject({ description: service.description, created_at: null })
    }
    expect(videos.some((video) => video.id && video.caption !== undefined)).toBe(true)
    const [first] = videos
    expect((await row(first?.id as string)).description).toBe(described)
  })

  it('takes the description from a webhook at once, and the creation time from video_created', async () => {
    const [, second] = await running.env.serviceVideos(running.channel)
    const id = second?.id as string
    await running.env.call('PATCH', `/videos/${id}`, { description: 'Autumn layers' })
    await running.pastNewsOf(id)
    const created = Math.floor(Date.now() / 1000)
    const event = await running.env.eventFor(id, created)
    await running.opened.index.applyEvent({ ...event, event_type: 'video_created' })
    expect(await row(id)).toMatchObject({
      description: 'Autumn layers',
      created_at: new Date(created * 1000).toISOString(),
      partial: 1,
    })
    await running.opened.index.settled()
    expect(await row(id)).toMatchObject({ description: 'Autumn layers', partial: 0 })
  })

  it('takes the creation time from a late video_created, and keeps it through later news', async () => {
    const [, , third] = await running.env.serviceVideos(running.channel)
    const id = third?.id as string
    const created = Math.floor(Date.now() / 1000) - 60
    const creation = await running.env.eventFor(id, created)
    // Older than the backfill's read: its snapshot is not applied, its creation time is.
    expect(
      await running.opened.index.applyEvent({ ...creation, event_type: 'video_created' }),
    ).toBe('older')
    expect((await row(id)).created_at).toBe(new Date(created * 1000).toISOString())
    await running.env.call('PATCH', `/videos/${id}`, { description: null })
    await running.opened.index.applyEvent(
      await running.env.eventFor(id, Math.floor(Date.now() / 1000) + 1),
    )
    await running.opened.index.settled()
    expect(await running.opened.index.runPass()).toBe(true)
    expect(await row(id)).toMatchObject({
      description: null,
      created_at: new Date(created * 1000).toISOString(),
    })
  })

  it('dates a video a reconcile finds, that no webhook announced, from when it was found', async () => {
    const created = await running.env.call<Video>('POST', '/videos', {
      channel_id: running.channel,
      caption: 'Made while no webhook came',
      file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
    })
    await waitUntil(
      async () =>
        Boolean((await running.env.call<Video>('GET', `/videos/${created.id}`)).thumbnail_url),
      'the new video to be processed',
    )
    const before = new Date().toISOString()
    expect(await running.opened.index.runPass()).toBe(true)
    const found = (await row(created.id)).created_at as string
    expect(found >= before && found <= new Date().toISOString()).toBe(true)
  })
})
