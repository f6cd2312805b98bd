import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { type IncomingMessage, request } from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DashboardConfigError } from '../../../server/dashboard/config-error.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, startFakeService } from './fake-service.ts'
import { send, sendSignedIn } from './http-client.ts'

let service: FakeService
let dashboard: TestDashboard
let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dashboard-vite-root-'))
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  )
  await writeFile(join(root, 'main.js'), "document.getElementById('root').textContent = 'dev'\n")
  service = await startFakeService()
  dashboard = await startDashboardFor(service, { mode: 'development', viteRoot: root })
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await rm(root, { recursive: true, force: true })
})

describe('development mode', () => {
  it("serves Vite's transformed page for app routes, with the relaxed policy", async () => {
    const page = await send(dashboard.url, '/videos/v1')
    expect(page.status).toBe(200)
    expect(page.text).toContain('/@vite/client')
    expect(page.headers['content-security-policy']).toContain("'unsafe-inline'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    const script = await send(dashboard.url, '/main.js')
    expect(script.text).toContain("textContent = 'dev'")
  })

  it('still forwards the API', async () => {
    const response = await sendSignedIn(dashboard, '/api/v1/videos?x=1')
    expect(response.json()).toEqual({ method: 'GET', url: '/api/v1/videos?x=1' })
  })

  it("accepts Vite's HMR WebSocket on the dashboard's own port", async () => {
    const client = (await send(dashboard.url, '/@vite/client')).text
    const token = /const wsToken = "([^"]+)"/.exec(client)?.[1] ?? ''
    const url = new URL(dashboard.url)
    const upgrade = request({
      hostname: url.hostname,
      port: url.port,
      path: `/?token=${encodeURIComponent(token)}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('dashboard-test-k').toString('base64'),
        'sec-websocket-protocol': 'vite-hmr',
      },
    })
    upgrade.end()
    const [response, socket] = (await once(upgrade, 'upgrade')) as [IncomingMessage, Socket]
    expect(response.statusCode).toBe(101)
    socket.destroy()
  })
})

describe('development mode off loopback', () => {
  it("refuses to start: it serves the repository's files without sign-in", async () => {
    const outcome = await startDashboard({
      host: '0.0.0.0',
      port: 0,
      mode: 'development',
      viteRoot: root,
      publicUrl: 'https://videos.example.com',
      service: { baseUrl: service.url, clientId: 'dash', clientSecret: 'secret' },
      log: () => {},
    }).then(
      async (started) => {
        await started.close()
        return 'started'
      },
      (error: unknown) => error,
    )
    expect(outcome).toBeInstanceOf(DashboardConfigError)
    expect(String(outcome)).toMatch(/--dev .*loopback/)
  })
})
