import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, startFakeService } from './fake-service.ts'
import { send } from './http-client.ts'

let service: FakeService
let dashboard: TestDashboard
beforeEach(async () => {
  service = await startFakeService()
  dashboard = await startDashboardFor(service)
})
afterEach(async () => {
  await dashboard?.close()
  await service?.close()
})

describe('the dashboard token', () => {
  it('is fetched once for many requests', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send(dashboard.url, `/api/v1/videos?page=${i}`)).status).toBe(200)
    }
    expect(service.tokenRequests).toBe(1)
    expect(service.apiRequests).toHaveLength(10)
  })

  it('is fetched once for concurrent first requests', async () => {
    service.tokenDelayMs = 100
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(dashboard.url, `/api/v1/videos/v${i}`)),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
    expect(service.tokenRequests).toBe(1)
  })

  it('is renewed shortly before it expires', async () => {
    service.tokenLifetimeSeconds = 1
    await send(dashboard.url, '/api/v1/videos')
    await send(dashboard.url, '/api/v1/videos')
    expect(service.tokenRequests).toBe(1)
    // 10% of a one-second life is left after 0.9 s.
    await sleep(950)
    await send(dashboard.url, '/api/v1/videos')
    expect(service.tokenRequests).toBe(2)
    const used = service.apiRequests.map((request) => request.headers.authorization)
    expect(used[2]).not.toBe(used[0])
  })
})
