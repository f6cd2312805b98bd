import { beforeEach, describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'
import { rawRequest } from './raw-request.ts'

// Signed in as an admin, so only the forwarder's own rules stand between these and the service.
const running = dashboardWithFakeService('file')
beforeEach(() => {
  running.service.apiRequests = []
})

const paths = [
  '/api/v1/../oauth/token',
  '/api/v1/%2e%2e/oauth/token',
  '/api/v1/%2E%2E/%2E%2E/oauth/token',
  '/api/v1/videos/..%2f..%2foauth%2ftoken',
  '/api/v1/videos/%252e%252e/%252e%252e/oauth/token',
  '/api/v1/videos/..;/..;/oauth/token',
  '/api/v1/videos;jsessionid=1',
  '/api/v1/videos/v1;x=y',
  '/api/v1//videos',
  '/api/v1/videos//publish',
  '/api/v1/videos/',
  '/api/v1/videos/abc%2Fdef',
  '/api/v1/videos/abc%5Cdef',
  '/api/v1/videos/abc%00',
  '/api/v1/videos/%C0%AE%C0%AE/oauth',
  '/api/v1/videos\\..\\..\\oauth\\token',
  '/API/V1/videos',
  '/api/V1/videos',
  '/api/v1/oauth/token',
  '/api/v1/admin',
  '/api/v1/videos/v1/secret',
  '/api/v1/videos/v1/publish/again',
  '/api/v1/webhooks',
  '/api/v1/videos/./v1',
  '/api/v1/videos/.',
  '/api/v1/videos/..',
  `/api/v1/videos/${'a'.repeat(5000)}/x`,
  '/api/v1/videos/%',
  '/api/v1/videos/%zz',
]
const methods = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'TRACE',
  'TRACK',
  'PROPFIND',
  'OPTIONS',
  'get',
  'Post',
]

describe('hostile requests to the forwarder', () => {
  it(`forwards none of ${paths.length * methods.length} hostile paths and methods, and never fails with a 5xx`, async () => {
    const notRefused: string[] = []
    for (const path of paths)
      for (const method of methods) {
        const host = new URL(running.dashboard.url).host
        const head = [
          `${method} ${path} HTTP/1.1`,
          `Host: ${host}`,
          `Cookie: ${running.dashboard.session.cookie}`,
          `Origin: ${running.dashboard.url}`,
          'X-Dashboard-Request: 1',
          'Content-Type: application/json',
          'Content-Length: 2',
          'Connection: close',
        ].join('\r\n')
        const status = await rawRequest(running.dashboard.url, head, '{}')
        const refused = status === 0 || (status >= 400 && status < 500)
        // Paths outside /api/ (other letter case) are the app's pages, answered with its shell.
        if (path.startsWith('/api/') && !refused) notRefused.push(`${method} ${path}: ${status}`)
        expect(status, `${method} ${path}`).not.toBeGreaterThanOrEqual(500)
      }
    expect(running.service.apiRequests).toEqual([])
    expect(running.service.tokenRequests).toBe(0)
    expect(notRefused).toEqual([])
  })

  it('forwards none of the header tricks: absolute targets, rewrites, smuggling, oversize', async () => {
    const host = new URL(running.dashboard.url).host
    const session = [`Host: ${host}`, `Cookie: ${running.dashboard.session.cookie}`].join('\r\n')
    const cases: Array<[string, string]> = [
      [
        `GET http://evil.example/api/v1/oauth/token HTTP/1.1\r\n${session}\r\nConnection: close`,
        '',
      ],
      [
        `GET /api/v1/videos HTTP/1.1\r\nHost: evil.example\r\nCookie: ${running.dashboard.session.cookie}\r\nConnection: close`,
        '',
      ],
      [
        `GET /healthz HTTP/1.1\r\n${session}\r\nX-Original-URL: /api/v1/videos\r\nX-Rewrite-URL: /api/v1/videos\r\nConnection: close`,
        '',
      ],
      [
        `POST /api/v1/playlists HTTP/1.1\r\n${session}\r\nOrigin: ${running.dashboard.url}\r\nX-Dashboard-Request: 1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close`,
        '0\r\n\r\nGET /api/v1/videos HTTP/1.1\r\n\r\n',
      ],
      [
        `GET /api/v1/videos HTTP/1.1\r\n${session}\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close`,
        '',
      ],
      [`GET /api/v1/videos?${'q=1&'.repeat(5000)} HTTP/1.1\r\n${session}\r\nConnection: close`, ''],
    ]
    for (const [head, body] of cases) {
      const status = await rawRequest(running.dashboard.url, head, body)
      expect(status, head.slice(0, 60)).not.toBeGreaterThanOrEqual(500)
    }
    expect(running.service.apiRequests).toEqual([])
  })

  it("still forwards the contract's own operations", async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/videos?channel_id=c1&page_size=5'],
      ['GET', '/api/v1/videos/download_urls'],
      ['POST', '/api/v1/videos/download_urls'],
      ['GET', '/api/v1/videos/imports/imp_1'],
      ['POST', '/api/v1/videos/v-1.2_3/publish'],
      ['DELETE', '/api/v1/playlists/p1/videos/v1/pin'],
    ] as const) {
      const response = await sendSignedIn(running.dashboard, path, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      })
      expect([method, path, response.status]).toEqual([
        method,
        path,
        method === 'GET' && path.endsWith('download_urls') ? 405 : 200,
      ])
    }
  })
})
