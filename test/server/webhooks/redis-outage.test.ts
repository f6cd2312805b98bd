import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, startFakeService } from '../dashboard/fake-service.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { waitUntil } from '../wait-until.ts'
import { delivery, openEvents, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_outage'
let redis: Awaited<ReturnType<typeof startRedisServer>>
let service: FakeService
let dashboard: TestDashboard
beforeAll(async () => {
  redis = await startRedisServer()
  service = await startFakeService()
  dashboard = await startDashboardFor(service, { webhookSecrets: [secret], redisUrl: redis.url })
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await redis?.stop()
})

it('answers 503 while Redis is unreachable, so the service retries, and applies the retry once', async () => {
  const stream = await openEvents(dashboard)
  const event = videoEvent('vid-outage', 1_790_000_200)
  const port = Number(new URL(redis.url).port)
  await redis.stop()

  const during = delivery(secret, event)
  const refused = await postWebhook(dashboard.url, during.body, during.signature)
  expect(refused.status).toBe(503)
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  expect((await refused.json()).error).toEqual(expect.any(String))

  redis = await startRedisServer(port)
  // The service's next attempt, once the dashboard has its Redis back.
  await waitUntil(
    async () => {
      const retry = delivery(secret, event)
      return (await postWebhook(dashboard.url, retry.body, retry.signature)).status === 202
    },
    'a redelivery to be accepted after Redis came back',
    { timeoutMs: 15_000, intervalMs: 100 },
  )
  const again = delivery(secret, event)
  expect((await postWebhook(dashboard.url, again.body, again.signature)).status).toBe(202)
  const marker = delivery(secret, videoEvent('vid-outage-marker', 1_790_000_201))
  expect((await postWebhook(dashboard.url, marker.body, marker.signature)).status).toBe(202)
  await waitUntil(() => stream.events.length >= 2, 'the event and the marker to arrive')
  expect(stream.events.map((each) => JSON.parse(each.data).data.id)).toEqual([
    'vid-outage',
    'vid-outage-marker',
  ])
  await stream.close()
})
