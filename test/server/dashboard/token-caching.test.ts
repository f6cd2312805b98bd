import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'

describe('the dashboard token', () => {
  const running = dashboardWithFakeService('test')

  it('is fetched once for many requests', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await sendSignedIn(running.dashboard, `/api/v1/videos?page=${i}`)).status).toBe(200)
    }
    expect(running.service.tokenRequests).toBe(1)
    expect(running.service.apiRequests).toHaveLength(10)
  })

  it('is fetched once for concurrent first requests', async () => {
    running.service.tokenDelayMs = 100
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendSignedIn(running.dashboard, `/api/v1/videos/v${i}`)),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
    expect(running.service.tokenRequests).toBe(1)
  })
})

describe('the dashboard token, on a clock the test moves', () => {
  const start = Date.UTC(2026, 0, 15, 12, 0, 0)
  // Faked before the dashboard starts, so the dashboard reads this clock; timers stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: start })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const running = dashboardWithFakeService('test')

  it('is renewed shortly before it expires: 10% of its life ahead', async () => {
    running.service.tokenLifetimeSeconds = 1
    await sendSignedIn(running.dashboard, '/api/v1/videos')
    vi.setSystemTime(start + 899)
    await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(running.service.tokenRequests).toBe(1)
    vi.setSystemTime(start + 900)
    await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(running.service.tokenRequests).toBe(2)
    const used = running.service.apiRequests.map((request) => request.headers.authorization)
    expect(used[1]).toBe(used[0])
    expect(used[2]).not.toBe(used[0])
  })
})
