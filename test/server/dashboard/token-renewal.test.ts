import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'

const hundred = (path: (i: number) => string, dashboard: Parameters<typeof sendSignedIn>[0]) =>
  Promise.all(Array.from({ length: 100 }, (_, i) => sendSignedIn(dashboard, path(i))))

describe('100 concurrent requests as the service token expires', () => {
  const start = Date.UTC(2026, 0, 15, 12, 0, 0)
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: start })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const running = dashboardWithFakeService('test')

  it('at its expiry time: one token request, and every request answered by the service', async () => {
    running.service.tokenLifetimeSeconds = 60
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    vi.setSystemTime(start + 60_000)
    running.service.tokenDelayMs = 50
    const responses = await hundred((i) => `/api/v1/videos/v${i}`, running.dashboard)
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200))
    expect(running.service.tokenRequests).toBe(2)
  })

  it('when the service refuses it early: one renewal, each request replayed once, no 401 passed on', async () => {
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    running.service.revokeTokens()
    running.service.tokenDelayMs = 50
    const responses = await hundred((i) => `/api/v1/videos/v${i}`, running.dashboard)
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200))
    expect(running.service.tokenRequests).toBe(2)
  })
})
