/**
 * What the rules hear from the index (decision 0024): a webhook once the index applied it and the
 * read completing it is done (one refused as older too, its snapshot not applied), a reconcile's
 * correction that no webhook announced, and a new video placed in its channel though the
 * business has two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoNews } from '../../../server/dashboard/index/index-changes.ts'
import { dedupKey } from '../../../server/dashboard/live/dedup.ts'
import { webhookSnapshot } from '../../../server/sandbox/events.ts'
import type { Video, VideoEvent } from '../../../src/api/generated/types.gen.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'
import { indexedSandbox } from '../index/index-sandbox.ts'
import { waitUntil } from '../wait-until.ts'

const running = indexedSandbox(30)
let heard: VideoNews[] = []
let stop: () => void

beforeAll(() => {
  stop = running.opened.index.changes.onNews((news) => void heard.push(news))
})
afterAll(() => stop?.())

const row = (id: string) =>
  running.opened.db.selectFrom('indexed_videos').selectAll().where('id', '=', id).executeTakeFirst()
const someVideo = async (offset: number) =>
  (await running.env.serviceVideos(running.channel))[offset]?.id as string
const now = () => Math.floor(Date.now() / 1000)

describe('a webhook', () => {
  it('is heard once the read completing it is done, with its dedup key, and says when it was taken', async () => {
    heard = []
    const id = await someVideo(1)
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Heard after the read' })
    const event = await running.env.eventFor(id, now())
    const rowsWhenHeard: unknown[] = []
    const listening = running.opened.index.changes.onNews(async () => {
      rowsWhenHeard.push(await row(id))
    })
    await running.opened.index.applyEvent(event, dedupKey(event))
    await running.opened.index.taken(dedupKey(event))
    listening()
    expect(heard).toEqual([{ kind: 'webhook', event, key: dedupKey(event) }])
    expect(rowsWhenHeard).toEqual([
      expect.objectContaining({ caption: 'Heard after the read', partial: 0 }),
    ])
  })

  it('older than what the index holds is heard without its snapshot applied', async () => {
    const id = await someVideo(2)
    await running.env.call('PATCH', `/videos/${id}`, { caption: 'Newer than the late event' })
    const stale = await running.env.eventFor(id, now() - 3600)
    const fresh = await running.env.eventFor(id, now())
    await running.opened.index.applyEvent(fresh, dedupKey(fresh))
    await running.opened.index.settled()
    heard = []
    const late = { ...stale, data: { ...stale.data, caption: 'What the late event said' } }
    expect(await running.opened.index.applyEvent(late, dedupKey(late))).toBe('older')
    await running.opened.index.settled()
    expect(heard).toEqual([{ kind: 'webhook', event: late, key: dedupKey(late) }])
    expect(await row(id)).toMatchObject({ caption: 'Newer than the late event' })
  })

  it('older than a row whose own read never came completes and places it first', async () => {
    const id = await someVideo(3)
    // As a replica that stopped after writing a webhook's snapshot leaves it.
    await running.opened.db
      .updateTable('indexed_videos')
      .set({ channel_id: '', partial: 1, source_at: Date.now() })
      .where('id', '=', id)
      .execute()
    heard = []
    const late = await running.env.eventFor(id, now() - 3600)
    expect(await running.opened.index.applyEvent(late, dedupKey(late))).toBe('older')
    await running.opened.index.settled()
    expect(heard).toEqual([{ kind: 'webhook', event: late, key: dedupKey(late) }])
    expect(await row(id)).toMatchObject({ channel_id: running.channel, partial: 0 })
  })

  it('of a new video is heard with the video placed in its channel, though there are two', async () => {
    expect(running.channels.length).toBeGreaterThan(1)
    const channel = running.channels[1] as string
    const created = await running.env.call<Video>('POST', '/videos', {
      channel_id: channel,
      caption: 'Fresh from the second channel',
      file_base64: makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64'),
    })
    let video = created
    await waitUntil(async () => {
      video = await running.env.call<Video>('GET', `/videos/${created.id}`)
      return Boolean(video.thumbnail_url)
    }, 'the new video to be processed')
    const event: VideoEvent = {
      event_type: 'video_created',
      version: '2023-06-06',
      created: now(),
      business_id: 'b',
      data: webhookSnapshot(video, 'approved'),
    }
    heard = []
    await running.opened.index.applyEvent(event, dedupKey(event))
    await running.opened.index.settled()
    expect(heard).toEqual([{ kind: 'webhook', event, key: dedupKey(event) }])
    expect((await row(created.id))?.channel_id).toBe(channel)
  })
})

describe('a reconcile', () => {
  it('is heard for each video it corrected, and for no other', async () => {
    const changed = await someVideo(4)
    await running.env.call('PATCH', `/videos/${changed}`, { hashtags: ['#nowebhook'] })
    heard = []
    expect(await running.opened.index.runPass()).toBe(true)
    const corrected = heard.filter((news) => news.kind === 'reconcile')
    expect(corrected).toEqual([
      { kind: 'reconcile', videoId: changed, sourceAt: expect.any(Number), created: false },
    ])
    expect(heard).toEqual(corrected)
    const again: VideoNews[] = []
    const listening = running.opened.index.changes.onNews((news) => void again.push(news))
    expect(await running.opened.index.runPass()).toBe(true)
    listening()
    expect(again).toEqual([])
  })
})
