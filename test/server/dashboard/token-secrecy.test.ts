import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, json, startFakeService } from './fake-service.ts'
import { type RawResponse, send } from './http-client.ts'

let service: FakeService
let dashboard: TestDashboard
beforeAll(async () => {
  service = await startFakeService()
  dashboard = await startDashboardFor(service)
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
})

const browserHeaders = {
  authorization: 'Bearer browser-own-token',
  cookie: 'session=browser-cookie',
  connection: 'keep-alive, x-hop',
  'x-hop': 'hop-by-hop',
  'proxy-authorization': 'Basic cHJveHk6cHJveHk=',
  accept: 'application/json',
}

describe('the service token', () => {
  it('never reaches the browser in any header or body of a session', async () => {
    const responses: RawResponse[] = []
    const session = async (path: string, options: Parameters<typeof send>[2] = {}) => {
      responses.push(await send(dashboard.url, path, options))
    }
    await session('/')
    await session('/videos/v1')
    await session('/assets/index-Dk3f9Qa1.js', { headers: { 'accept-encoding': 'br' } })
    await session('/healthz')
    await session('/api/v1/videos?page_size=5', { headers: browserHeaders })
    await session('/api/v1/videos', {
      method: 'POST',
      headers: { ...browserHeaders, 'content-type': 'application/json' },
      body: '{"caption":"x"}',
    })
    service.api = (_request, res) => json(res, 422, { error: 'Caption too long' })
    await session('/api/v1/videos/v1', { method: 'PATCH', body: '{}' })
    service.revokeTokens()
    service.api = (request, res) => json(res, 200, { url: request.url })
    await session('/api/v1/channels')
    service.api = (_request, res) => json(res, 401, { error: 'Token revoked' })
    await session('/api/v1/channels')
    await session('/api/v2/anything')

    expect(service.issuedTokens.length).toBeGreaterThanOrEqual(3)
    for (const response of responses) {
      const everything = [JSON.stringify(response.headers), response.text].join('\n')
      for (const token of service.issuedTokens) expect(everything).not.toContain(token)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    for (const token of service.issuedTokens) expect(dashboard.logs.join('\n')).not.toContain(token)
  })

  it("is sent instead of the browser's Authorization; cookies and hop-by-hop headers stay behind", async () => {
    service.api = (_request, res) => json(res, 200, {})
    service.apiRequests = []
    await send(dashboard.url, '/api/v1/channels', { headers: browserHeaders })
    const [received] = service.apiRequests
    expect(received?.headers.authorization).toBe(`Bearer ${service.issuedTokens.at(-1)}`)
    expect(received?.headers.cookie).toBeUndefined()
    expect(received?.headers['x-hop']).toBeUndefined()
    expect(received?.headers['proxy-authorization']).toBeUndefined()
    expect(received?.headers.accept).toBe('application/json')
  })
})
