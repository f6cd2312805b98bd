import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file')
let host: string
beforeAll(() => {
  host = new URL(running.dashboard.url).host
})
beforeEach(() => {
  running.service.apiRequests = []
})

describe('requests a hostile page could cause', () => {
  it('refuses a DNS name rebound to the loopback address', async () => {
    const port = new URL(running.dashboard.url).port
    for (const path of ['/', '/api/v1/videos']) {
      const response = await sendSignedIn(running.dashboard, path, {
        headers: { host: `attacker.example:${port}` },
      })
      expect(response.status).toBe(403)
    }
    expect(running.service.apiRequests).toEqual([])
  })

  it('accepts the loopback names', async () => {
    const port = new URL(running.dashboard.url).port
    for (const name of ['localhost', '127.0.0.1', '[::1]', 'app.localhost']) {
      const response = await sendSignedIn(running.dashboard, '/', {
        headers: { host: `${name}:${port}` },
      })
      expect(response.status, name).toBe(200)
    }
  })

  it('refuses cross-site API calls such as a form post, before the service sees them', async () => {
    const crossSite = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'cross-site',
        origin: 'https://attacker.example',
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: '--x--',
    })
    expect(crossSite.status).toBe(403)
    const otherOrigin = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
    })
    expect(otherOrigin.status).toBe(403)
    const sameSite = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      headers: { 'sec-fetch-site': 'same-site' },
    })
    expect(sameSite.status).toBe(403)
    expect(running.service.apiRequests).toEqual([])
  })

  it("accepts the app's own calls and links into the app from anywhere", async () => {
    const own = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: `http://${host}` },
    })
    expect(own.status).toBe(200)
    const link = await sendSignedIn(running.dashboard, '/videos/v1', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    })
    expect(link.status).toBe(200)
  })
})
