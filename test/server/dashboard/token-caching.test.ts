import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'

const running = dashboardWithFakeService('test')

describe('the dashboard token', () => {
  it('is fetched once for many requests', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send(running.dashboard.url, `/api/v1/videos?page=${i}`)).status).toBe(200)
    }
    expect(running.service.tokenRequests).toBe(1)
    expect(running.service.apiRequests).toHaveLength(10)
  })

  it('is fetched once for concurrent first requests', async () => {
    running.service.tokenDelayMs = 100
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(running.dashboard.url, `/api/v1/videos/v${i}`)),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
    expect(running.service.tokenRequests).toBe(1)
  })

  it('is renewed shortly before it expires', async () => {
    running.service.tokenLifetimeSeconds = 1
    await send(running.dashboard.url, '/api/v1/videos')
    await send(running.dashboard.url, '/api/v1/videos')
    expect(running.service.tokenRequests).toBe(1)
    // 10% of a one-second life is left after 0.9 s.
    await sleep(950)
    await send(running.dashboard.url, '/api/v1/videos')
    expect(running.service.tokenRequests).toBe(2)
    const used = running.service.apiRequests.map((request) => request.headers.authorization)
    expect(used[2]).not.toBe(used[0])
  })
})
