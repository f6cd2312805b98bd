import { beforeEach, describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file', { upstreamTimeoutMs: 300 })
beforeEach(() => {
  running.service.tokenDelayMs = 0
  running.service.api = () => {}
})

const tooSlow = { error: 'The video service did not answer in time' }

describe('when the service is too slow', () => {
  it('answers 504 when the API does not answer with headers in time', async () => {
    const started = Date.now()
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('answers 504 for a hanging request with a body too', async () => {
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"caption":"slow"}',
    })
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
  })

  it('answers 504 when the token endpoint hangs', async () => {
    // The cached token is refused, and its renewal never comes.
    running.service.tokenDelayMs = 5_000
    running.service.revokeTokens()
    const response = await sendSignedIn(running.dashboard, '/api/v1/channels')
    expect(response.status).toBe(504)
    expect(response.json()).toEqual(tooSlow)
  })
})
