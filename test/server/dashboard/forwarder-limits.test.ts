import { once } from 'node:events'
import { createServer, type IncomingMessage, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { createServiceTokens } from '../../../server/dashboard/forwarding/service-tokens.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file')
beforeEach(() => {
  running.service.apiRequests = []
  running.service.rawApi = null
  running.service.api = (request, res) => json(res, 200, { method: request.method })
})

describe('body limits', () => {
  it('refuses a JSON body over 1 MiB and a multipart body over 6 MiB before forwarding', async () => {
    const json2MiB = await sendSignedIn(running.dashboard, '/api/v1/playlists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    })
    expect(json2MiB.status).toBe(413)
    expect(json2MiB.json().error).toMatch(/over the dashboard's limit of 1 MiB/)
    const form7MiB = await sendSignedIn(running.dashboard, '/api/v1/videos/v1/subtitles', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(7 * 1024 * 1024),
    })
    expect(form7MiB.status).toBe(413)
    expect(running.service.apiRequests).toEqual([])
    const subtitle = await sendSignedIn(running.dashboard, '/api/v1/videos/v1/subtitles', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(5 * 1024 * 1024),
    })
    expect(subtitle.status).toBe(200)
  })

  it('cuts off a body of unknown length once it passes the limit', async () => {
    const url = new URL(running.dashboard.url)
    const outgoing = request({
      hostname: url.hostname,
      port: url.port,
      path: '/api/v1/playlists',
      method: 'POST',
      headers: { ...running.dashboard.session, 'content-type': 'application/json' },
    })
    const answered = once(outgoing, 'response') as Promise<[IncomingMessage]>
    outgoing.on('error', () => {})
    for (let i = 0; i < 3; i++) outgoing.write(Buffer.alloc(512 * 1024, 0x20))
    outgoing.end()
    const [response] = await answered
    expect(response.statusCode).toBe(413)
    expect(running.service.apiRequests).toEqual([])
  })
})

describe('a connection reset by the service', () => {
  it('is retried for a GET, never for a POST the service may have received', async () => {
    let resetNext = false
    let posts = 0
    running.service.rawApi = (req, res) => {
      if (req.method === 'POST') posts++
      if (resetNext) {
        resetNext = false
        req.socket.destroy()
        return
      }
      req.resume()
      req.on('end', () => json(res, 200, { ok: true }))
    }
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    resetNext = true
    expect((await sendSignedIn(running.dashboard, '/api/v1/channels')).status).toBe(200)
    await sendSignedIn(running.dashboard, '/api/v1/channels')
    resetNext = true
    const post = await sendSignedIn(running.dashboard, '/api/v1/playlists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"once"}',
    })
    expect(post.status).toBe(502)
    expect(posts).toBe(1)
  })
})

describe('the token request', () => {
  it('refuses a redirect and never sends the credentials on', async () => {
    let elsewhere = 0
    const other = createServer((_req, res) => {
      elsewhere++
      res.end('{}')
    })
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, {
        location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/oauth/token`,
      })
      res.end()
    })
    await Promise.all([
      new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve)),
      new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve)),
    ])
    const tokens = createServiceTokens(
      {
        baseUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
        clientId: 'id',
        clientSecret: 'secret',
      },
      { timeoutMs: 5000 },
    )
    await expect(tokens.current()).rejects.toThrow(/redirected \(HTTP 307\)/)
    expect(elsewhere).toBe(0)
    other.close()
    redirecting.close()
  })
})
