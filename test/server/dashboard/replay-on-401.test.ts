import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('test')

describe('a 401 from the service', () => {
  it('renews the token once and replays the request once, body included', async () => {
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    running.service.revokeTokens()
    running.service.apiRequests = []
    const body = JSON.stringify({ caption: 'Replayed' })
    running.service.api = (request, res) => json(res, 200, { echo: request.body.toString() })
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos/v1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(200)
    expect(response.json()).toEqual({ echo: body })
    expect(running.service.tokenRequests).toBe(2)
    expect(running.service.apiRequests.map((request) => request.body.toString())).toEqual([body])
  })

  it('passes a second 401 through as {error}, without the auth scheme', async () => {
    let attempts = 0
    running.service.api = (_request, res) => {
      attempts++
      json(res, 401, { error: 'Token revoked' }, { 'www-authenticate': 'Bearer error="x"' })
    }
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(response.status).toBe(401)
    expect(response.json()).toEqual({ error: 'Token revoked' })
    expect(response.headers['www-authenticate']).toBeUndefined()
    expect(attempts).toBe(2)
    expect(running.service.tokenRequests).toBe(2)
  })

  it('on a streamed upload goes to the browser, and the next request uses a new token', async () => {
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    running.service.revokeTokens()
    const upload = randomBytes(3 * 1024 * 1024)
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: upload,
    })
    expect(response.status).toBe(401)
    expect(response.json()).toEqual({ error: 'Invalid or expired access token' })
    expect(running.service.tokenRequests).toBe(1)
    expect((await sendSignedIn(running.dashboard, '/api/v1/channels')).status).toBe(200)
    expect(running.service.tokenRequests).toBe(2)
  })
})
