import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { delivery, openEvents, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_test'
const running = dashboardWithFakeService('file', { webhookSecrets: ['whsec_old', secret] })
const until = async (condition: () => boolean) => {
  await expect.poll(condition, { timeout: 5_000, interval: 10 }).toBe(true)
}

describe('POST /webhooks/service', () => {
  it('answers a valid delivery once applied and sends it to every open stream, once', async () => {
    const { url } = running.dashboard
    const [a, b] = [await openEvents(running.dashboard), await openEvents(running.dashboard)]
    const event = videoEvent('vid-once', 1_790_000_001)
    const first = delivery(secret, event)
    const answer = await postWebhook(url, first.body, first.signature)
    expect(answer.status).toBe(202)
    await until(() => a.events.length === 1 && b.events.length === 1)
    expect(JSON.parse(a.events[0]?.data ?? '')).toEqual(event)

    // Redelivered days later, signed again (fresh t): accepted, not applied again.
    const again = delivery('whsec_old', event)
    expect((await postWebhook(url, again.body, again.signature)).status).toBe(202)
    const next = delivery(secret, videoEvent('vid-next', 1_790_000_002))
    await postWebhook(url, next.body, next.signature)
    await until(() => a.events.length === 2)
    expect(a.events.map((each) => JSON.parse(each.data).data.id)).toEqual(['vid-once', 'vid-next'])
    await Promise.all([a.close(), b.close()])
  })

  it('applies two different events for one video in the same second, and each redelivery never', async () => {
    const { url } = running.dashboard
    const stream = await openEvents(running.dashboard)
    const caption = (text: string) =>
      videoEvent('vid-same-second', 1_790_000_020, 'video_updated', { caption: text })
    for (const event of [
      caption('first'),
      caption('second'),
      caption('first'),
      caption('second'),
    ]) {
      const signed = delivery(secret, event)
      expect((await postWebhook(url, signed.body, signed.signature)).status).toBe(202)
    }
    const marker = delivery(secret, videoEvent('vid-same-marker', 1_790_000_021))
    await postWebhook(url, marker.body, marker.signature)
    await until(() => stream.events.length === 3)
    expect(stream.events.map((each) => JSON.parse(each.data).data.caption)).toEqual([
      'first',
      'second',
      null,
    ])
    await stream.close()
  })

  it('applies a delivery sent many times at once only once, and acknowledges it only once applied', async () => {
    const { url } = running.dashboard
    const stream = await openEvents(running.dashboard)
    const event = videoEvent('vid-concurrent', 1_790_000_030)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => {
        const signed = delivery(secret, event)
        return postWebhook(url, signed.body, signed.signature)
      }),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses).toContain(202)
    expect(statuses.every((status) => status === 202 || status === 503)).toBe(true)
    const marker = delivery(secret, videoEvent('vid-concurrent-marker', 1_790_000_031))
    await postWebhook(url, marker.body, marker.signature)
    await until(() => stream.events.length === 2)
    expect(stream.events.map((each) => JSON.parse(each.data).data.id)).toEqual([
      'vid-concurrent',
      'vid-concurrent-marker',
    ])
    await stream.close()
  })

  it('refuses forged, stale, malformed and oversized deliveries with 4xx, and applies none', async () => {
    const { url } = running.dashboard
    const stream = await openEvents(running.dashboard)
    const event = videoEvent('vid-forged', 1_790_000_003)
    const forged = delivery('whsec_wrong', event)
    const stale = delivery(secret, event, Date.now() - 6 * 60_000)
    const good = delivery(secret, event)
    const refusals = [
      await postWebhook(url, forged.body, forged.signature),
      await postWebhook(url, stale.body, stale.signature),
      await postWebhook(url, good.body),
      await postWebhook(url, `${good.body} `, good.signature),
      await postWebhook(url, 'x'.repeat(1024 * 1024 + 1), good.signature),
    ]
    expect(refusals.map((response) => response.status)).toEqual([401, 401, 401, 401, 413])
    for (const response of refusals.slice(0, 4))
      expect((await response.json()).error).toEqual(expect.any(String))
    const notEvent = delivery(secret, { hello: 'world' })
    expect((await postWebhook(url, notEvent.body, notEvent.signature)).status).toBe(400)
    expect(
      running.dashboard.logs.some(
        (line) => line.includes('webhook refused') && line.includes('"status":401'),
      ),
    ).toBe(true)

    const marker = delivery(secret, videoEvent('vid-marker', 1_790_000_004))
    await postWebhook(url, marker.body, marker.signature)
    await until(() => stream.events.length === 1)
    expect(JSON.parse(stream.events[0]?.data ?? '').data.id).toBe('vid-marker')
    await stream.close()
  })
})

describe('GET /events', () => {
  it('replays what a stream missed after Last-Event-ID, and resets an unknown one', async () => {
    const { url } = running.dashboard
    const first = await openEvents(running.dashboard)
    const one = delivery(secret, videoEvent('vid-r1', 1_790_000_010))
    await postWebhook(url, one.body, one.signature)
    await until(() => first.events.length === 1)
    const lastSeen = first.events[0]?.id ?? ''
    await first.close()

    for (const [id, created] of [
      ['vid-r2', 1_790_000_011],
      ['vid-r3', 1_790_000_012],
    ] as const) {
      const missed = delivery(secret, videoEvent(id, created))
      await postWebhook(url, missed.body, missed.signature)
    }
    const resumed = await openEvents(running.dashboard, lastSeen)
    await until(() => resumed.events.length === 2)
    expect(resumed.events.map((each) => JSON.parse(each.data).data.id)).toEqual([
      'vid-r2',
      'vid-r3',
    ])
    await resumed.close()

    const stranger = await openEvents(running.dashboard, 'another-boot-7')
    await until(() => stranger.events.length === 1)
    expect(stranger.events[0]?.event).toBe('reset')
    await stranger.close()
  })
})
