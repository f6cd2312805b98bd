import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, startFakeService } from '../dashboard/fake-service.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { delivery, openEvents, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_replicas'
let redis: Awaited<ReturnType<typeof startRedisServer>>
let service: FakeService
let replicas: TestDashboard[] = []
beforeAll(async () => {
  redis = await startRedisServer()
  service = await startFakeService()
  replicas = await Promise.all(
    [1, 2].map(() => startDashboardFor(service, { webhookSecrets: [secret], redisUrl: redis.url })),
  )
})
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.close()))
  await service?.close()
  await redis?.stop()
})

it('behaves as one behind a load balancer: a webhook to one replica reaches browsers on both, a duplicate to the other is ignored', async () => {
  const [a, b] = replicas as [TestDashboard, TestDashboard]
  const [onA, onB] = [await openEvents(a), await openEvents(b)]
  const event = videoEvent('vid-replicated', 1_790_000_100)
  const first = delivery(secret, event)
  expect((await postWebhook(a.url, first.body, first.signature)).status).toBe(202)
  await expect
    .poll(() => [onA.events.length, onB.events.length], { timeout: 5_000 })
    .toEqual([1, 1])

  // The service redelivers later, signed afresh, and the load balancer picks the other replica.
  const again = delivery(secret, event)
  expect((await postWebhook(b.url, again.body, again.signature)).status).toBe(202)
  const marker = delivery(secret, videoEvent('vid-after', 1_790_000_101))
  expect((await postWebhook(b.url, marker.body, marker.signature)).status).toBe(202)
  await expect
    .poll(() => [onA.events.length, onB.events.length], { timeout: 5_000 })
    .toEqual([2, 2])
  expect(onA.events.map((each) => JSON.parse(each.data).data.id)).toEqual([
    'vid-replicated',
    'vid-after',
  ])
  await Promise.all([onA.close(), onB.close()])
})
