import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'

// A dashboard behind a TLS-terminating proxy at https://videos.example.com (it listens on
// loopback here, as every test server does; the Host header is what the proxy passes on).
const running = dashboardWithFakeService('file', {
  publicUrl: 'https://videos.example.com',
  trustProxy: true,
})
const publicHost = { host: 'videos.example.com', 'x-forwarded-proto': 'https' }

describe('on a public address', () => {
  it('answers its public name and loopback names, and refuses any other Host', async () => {
    expect((await send(running.dashboard.url, '/', { headers: publicHost })).status).toBe(200)
    expect((await send(running.dashboard.url, '/')).status).toBe(200)
    for (const host of ['attacker.example', 'videos.example.com.attacker.example', '10.0.0.7']) {
      const response = await send(running.dashboard.url, '/healthz', { headers: { host } })
      expect(response.status, host).toBe(403)
      expect(response.json().error).toBe(
        'This dashboard answers only at https://videos.example.com',
      )
    }
  })

  it('sends HSTS on every answer: the public address is https', async () => {
    for (const headers of [publicHost, {}]) {
      const response = await send(running.dashboard.url, '/', { headers })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
    }
  })

  it('sets the other security headers on every answer', async () => {
    for (const path of ['/', '/healthz', '/api/v1/videos', '/auth/me']) {
      const response = await send(running.dashboard.url, path, { headers: publicHost })
      expect(response.headers['x-content-type-options'], path).toBe('nosniff')
      expect(response.headers['permissions-policy'], path).toContain('camera=()')
      expect(response.headers['cross-origin-opener-policy'], path).toBe('same-origin')
      expect(response.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(response.headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    }
  })

  it('takes state changes only from its public origin', async () => {
    const { cookie } = running.dashboard.session as { cookie: string }
    const post = (origin: string) =>
      send(running.dashboard.url, '/api/v1/playlists', {
        method: 'POST',
        headers: {
          ...publicHost,
          cookie,
          origin,
          'x-dashboard-request': '1',
          'content-type': 'application/json',
        },
        body: '{}',
      })
    expect((await post('http://videos.example.com')).status).toBe(403)
    expect((await post(running.dashboard.url)).status).toBe(403)
    expect((await post('https://videos.example.com')).status).toBe(200)
  })
})
