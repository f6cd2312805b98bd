import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'
import { type RawResponse, type send, sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file')

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
      responses.push(await sendSignedIn(running.dashboard, path, options))
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
    running.service.api = (_request, res) => json(res, 422, { error: 'Caption too long' })
    await session('/api/v1/videos/v1', { method: 'PATCH', body: '{}' })
    running.service.revokeTokens()
    running.service.api = (request, res) => json(res, 200, { url: request.url })
    await session('/api/v1/channels')
    running.service.api = (_request, res) => json(res, 401, { error: 'Token revoked' })
    await session('/api/v1/channels')
    await session('/api/v2/anything')

    expect(running.service.issuedTokens.length).toBeGreaterThanOrEqual(3)
    for (const response of responses) {
      const everything = [JSON.stringify(response.headers), response.text].join('\n')
      for (const token of running.service.issuedTokens) expect(everything).not.toContain(token)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    for (const token of running.service.issuedTokens)
      expect(running.dashboard.logs.join('\n')).not.toContain(token)
  })

  it("is sent instead of the browser's Authorization; cookies and hop-by-hop headers stay behind", async () => {
    running.service.api = (_request, res) => json(res, 200, {})
    running.service.apiRequests = []
    await sendSignedIn(running.dashboard, '/api/v1/channels', {
      headers: {
        ...browserHeaders,
        cookie: `${running.dashboard.session.cookie}; ${browserHeaders.cookie}`,
      },
    })
    const [received] = running.service.apiRequests
    expect(received?.headers.authorization).toBe(`Bearer ${running.service.issuedTokens.at(-1)}`)
    expect(received?.headers.cookie).toBeUndefined()
    expect(received?.headers['x-hop']).toBeUndefined()
    expect(received?.headers['proxy-authorization']).toBeUndefined()
    expect(received?.headers.accept).toBe('application/json')
  })
})
