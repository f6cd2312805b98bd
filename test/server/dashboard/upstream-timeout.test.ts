import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, startFakeService } from './fake-service.ts'
import { send } from './http-client.ts'

let service: FakeService
let dashboard: TestDashboard
beforeAll(async () => {
  service = await startFakeService()
  dashboard = await startDashboardFor(service, { upstreamTimeoutMs: 300 })
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
})
beforeEach(() => {
  service.tokenDelayMs = 0
  service.api = () => {}
})

const tooSlow = { error: 'The video service did not answer in time' }

describe('when the service is too slow', () => {
  it('answers 504 when the API does not answer with headers in time', async () => {
    const started = Date.now()
    const response = await send(dashboard.url, '/api/v1/videos')
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('answers 504 for a hanging request with a body too', async () => {
    const response = await send(dashboard.url, '/api/v1/videos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"caption":"slow"}',
    })
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
  })

  it('answers 504 when the token endpoint hangs', async () => {
    // The cached token is refused, and its renewal never comes.
    service.tokenDelayMs = 5_000
    service.revokeTokens()
    const response = await send(dashboard.url, '/api/v1/channels')
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
  })
})
