import { beforeEach, describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file')
beforeEach(() => {
  running.service.apiRequests = []
  running.service.api = (request, res) =>
    json(res, 200, { method: request.method, url: request.url })
})

describe('forwarding /api/v1/*', () => {
  it('passes status, body and the relevant headers, and no others', async () => {
    running.service.api = (_request, res) =>
      json(
        res,
        200,
        { videos: [{ id: 'v1' }] },
        {
          'cache-control': 'private, max-age=5',
          etag: '"abc"',
          'retry-after': '7',
          'www-authenticate': 'Bearer realm="service"',
          'set-cookie': 'service-session=1',
          'access-control-allow-origin': '*',
          'x-internal-node': 'db-3',
        },
      )
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(response.status).toBe(200)
    expect(response.json()).toEqual({ videos: [{ id: 'v1' }] })
    expect(response.headers['content-type']).toBe('application/json')
    expect(response.headers['cache-control']).toBe('private, max-age=5')
    expect(response.headers.etag).toBe('"abc"')
    expect(response.headers['retry-after']).toBe('7')
    for (const dropped of [
      'www-authenticate',
      'set-cookie',
      'access-control-allow-origin',
      'x-internal-node',
    ]) {
      expect(response.headers[dropped]).toBeUndefined()
    }
  })

  it('marks business data not cacheable when the service says nothing', async () => {
    const response = await sendSignedIn(running.dashboard, '/api/v1/channels')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('sends the query string byte for byte', async () => {
    const path = '/api/v1/videos?q=caf%C3%A9+noir&hashtag=%23sale&z=1&a=2&a=3&empty=&flag'
    await sendSignedIn(running.dashboard, path, { headers: { accept: 'application/json' } })
    expect(running.service.apiRequests.map((request) => request.url)).toEqual([path])
  })

  it('sends a JSON body with its method and content type', async () => {
    const body = JSON.stringify({ caption: 'Summer drop ☀️', hashtags: ['sale'] })
    running.service.api = (request, res) =>
      json(res, 201, { id: 'v9', echo: request.body.toString() })
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos/v9', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(response.status).toBe(201)
    expect(response.json()).toEqual({ id: 'v9', echo: body })
    const [received] = running.service.apiRequests
    expect(received?.method).toBe('PATCH')
    expect(received?.headers['content-type']).toBe('application/json')
    expect(received?.headers['content-length']).toBe(String(Buffer.byteLength(body)))
  })

  it('passes service errors through with their status and {error} body', async () => {
    running.service.api = (_request, res) =>
      json(res, 429, { error: 'Too many videos' }, { 'retry-after': '120' })
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos', { method: 'POST' })
    expect(response.status).toBe(429)
    expect(response.json()).toEqual({ error: 'Too many videos' })
    expect(response.headers['retry-after']).toBe('120')
  })

  it('turns a non-JSON error page into an {error} body with the same status', async () => {
    running.service.api = (_request, res) => {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '30' })
      res.end('<html><body>Service Unavailable</body></html>')
    }
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(response.status).toBe(503)
    expect(response.json()).toEqual({ error: 'The video service failed (HTTP 503)' })
    expect(response.headers['retry-after']).toBe('30')
  })

  it('passes a 204 without a body', async () => {
    running.service.api = (_request, res) => res.writeHead(204).end()
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos/v1', {
      method: 'DELETE',
    })
    expect(response.status).toBe(204)
    expect(response.body.length).toBe(0)
  })

  it('passes on no Location, Set-Cookie or public caching from the service', async () => {
    running.service.api = (_request, res) =>
      json(
        res,
        302,
        {},
        {
          location: 'https://evil.example/',
          'set-cookie': 'tracking=1; Path=/',
          'cache-control': 'public, max-age=600',
        },
      )
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos', { method: 'POST' })
    expect(response.headers.location).toBeUndefined()
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('refuses paths that would climb out of /api/v1/, as no operation of the contract', async () => {
    for (const path of ['/api/v1/%2e%2e/oauth/token', '/api/v1/videos/..%2F..%2Fadmin']) {
      const response = await sendSignedIn(running.dashboard, path, { method: 'POST' })
      expect(response.status).toBe(404)
    }
    expect(running.service.apiRequests).toEqual([])
  })

  it('answers unknown /api/ paths outside /api/v1/ with a JSON 404, never the app', async () => {
    for (const path of ['/api/v2/videos', '/api/v1', '/api', '/api/']) {
      const response = await sendSignedIn(running.dashboard, path)
      expect(response.status).toBe(404)
      expect(response.json()).toEqual({ error: 'Not found' })
    }
    expect(running.service.apiRequests).toEqual([])
  })

  it('reports a remote service on /healthz', async () => {
    const response = await sendSignedIn(running.dashboard, '/healthz')
    expect(response.json()).toEqual({ status: 'ok', service: 'remote' })
  })
})
