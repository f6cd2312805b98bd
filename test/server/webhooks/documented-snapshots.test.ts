/**
 * Webhooks as the service may send them (document 1, section 6): whatever the documents let it
 * leave out, add or send as null is received and passed on to open streams; a signed event that
 * still cannot be read in full but names a video is answered 202, and the video is read again
 * from the service and its truth passed on.
 */
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { json } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { parseLogLines } from '../ops/log-lines.ts'
import { documentedSnapshots, serviceVideo } from './documented-snapshots.ts'
import { delivery, openEvents, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_documented'
const running = dashboardWithFakeService('file', { webhookSecrets: [secret] })

const unreadable = async () => {
  const text = (await send(running.dashboard.url, '/metrics')).text
  const line = text
    .split('\n')
    .find((each) => each.startsWith('dashboard_webhooks_unreadable_total '))
  return Number(line?.split(' ')[1] ?? Number.NaN)
}

describe('a snapshot as the documents allow it', () => {
  const cases = documentedSnapshots('vid-documented', 1_790_100_000, 'Linen tote')
  it.each(cases)('is received and sent on to open streams: $name', async ({ sent, read }) => {
    const stream = await openEvents(running.dashboard)
    const signed = delivery(secret, sent)
    const answer = await postWebhook(running.dashboard.url, signed.body, signed.signature)
    expect(answer.status).toBe(202)
    await expect.poll(() => stream.events.length, { timeout: 5_000 }).toBe(1)
    expect(JSON.parse(stream.events[0]?.data ?? '')).toEqual(read)
    await stream.close()
  })
})

describe('a signed event that cannot be read in full', () => {
  it('is answered 202 when it names a video: the video is read again and its truth sent on, counted and logged', async () => {
    const id = 'vid-unreadable'
    running.service.api = (request, res) =>
      request.url === `/api/v1/videos/${id}`
        ? json(res, 200, serviceVideo(id, 'Caption at the service'))
        : json(res, 404, { error: 'Not found' })
    const before = await unreadable()
    const stream = await openEvents(running.dashboard)
    const event = videoEvent(id, 1_790_100_100, 'video_updated', { caption: 'Stale caption' })
    const { hashtags: _left, ...data } = { ...event.data, status: 'transcoding' }
    const signed = delivery(secret, { ...event, data })

    const answer = await postWebhook(running.dashboard.url, signed.body, signed.signature)

    expect(answer.status).toBe(202)
    await expect.poll(() => stream.events.length, { timeout: 5_000 }).toBe(1)
    expect(JSON.parse(stream.events[0]?.data ?? '')).toMatchObject({
      event_type: 'video_updated',
      created: 1_790_100_100,
      data: {
        id,
        status: 'approved',
        caption: 'Caption at the service',
        hashtags: ['autumn'],
        product_ids: ['prod-1'],
      },
    })
    expect(running.service.apiRequests.map((request) => request.url)).toContain(
      `/api/v1/videos/${id}`,
    )
    expect(await unreadable()).toBe(before + 1)
    expect(parseLogLines(running.dashboard.logs)).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining('not read in full'), videoId: id }),
    )

    // Delivered again: not applied twice.
    const again = delivery(secret, { ...event, data })
    expect((await postWebhook(running.dashboard.url, again.body, again.signature)).status).toBe(202)
    expect(await unreadable()).toBe(before + 1)
    await stream.close()
  })

  it('is still refused when it names no video', async () => {
    const signed = delivery(secret, { event_type: 'video_updated', data: { caption: 'x' } })
    const answer = await postWebhook(running.dashboard.url, signed.body, signed.signature)
    expect(answer.status).toBe(400)
  })
})
