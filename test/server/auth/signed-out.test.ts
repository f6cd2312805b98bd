import { beforeEach, describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send } from '../dashboard/http-client.ts'

const running = dashboardWithFakeService('file')
beforeEach(() => {
  running.service.apiRequests = []
})

describe('signed out', () => {
  it('reaches no data: the API and the event stream answer 401 with {error}', async () => {
    for (const path of [
      '/api/v1/videos',
      '/api/v1/channels',
      '/events',
      '/auth/me',
      '/auth/accounts',
    ]) {
      const response = await send(running.dashboard.url, path)
      expect(response.status, path).toBe(401)
      expect(response.json(), path).toEqual({ error: expect.any(String) })
    }
    expect(running.service.apiRequests).toEqual([])
  })

  it('still gets the sign-in page, the static assets and the health check', async () => {
    for (const path of ['/sign-in', '/', '/healthz']) {
      expect((await send(running.dashboard.url, path)).status, path).toBe(200)
    }
  })

  it('is refused with a cookie that is not a session', async () => {
    const response = await send(running.dashboard.url, '/api/v1/videos', {
      headers: { cookie: '__Host-dashboard-session=forged' },
    })
    expect(response.status).toBe(401)
  })
})

describe('state-changing requests', () => {
  const post = (headers: Record<string, string>) =>
    send(running.dashboard.url, '/api/v1/playlists', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"name":"x"}',
    })

  it('need the same origin and X-Dashboard-Request, checked before forwarding', async () => {
    const { cookie, origin } = running.dashboard.session as { cookie: string; origin: string }
    expect((await post({ cookie, origin })).status).toBe(403)
    expect((await post({ cookie, 'x-dashboard-request': '1' })).status).toBe(403)
    expect(
      (await post({ cookie, origin: 'https://evil.example', 'x-dashboard-request': '1' })).status,
    ).toBe(403)
    expect(
      (await post({ cookie, 'sec-fetch-site': 'cross-site', origin, 'x-dashboard-request': '1' }))
        .status,
    ).toBe(403)
    expect(running.service.apiRequests).toEqual([])
    expect((await post(running.dashboard.session)).status).toBe(200)
    expect(running.service.apiRequests).toHaveLength(1)
  })
})
