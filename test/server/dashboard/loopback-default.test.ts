import { Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest'
import { isLoopbackHost } from '../../../server/dashboard/http/host-check.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'

// Every server that starts listening is recorded, so the dashboard's own socket can be asked
// where it listens; registered before the dashboard starts.
let listening: MockInstance<Server['listen']>
beforeAll(() => {
  listening = vi.spyOn(Server.prototype, 'listen')
})
afterAll(() => {
  listening.mockRestore()
})
const running = dashboardWithFakeService('file', { host: undefined })

function dashboardServer(): Server {
  const port = Number(new URL(running.dashboard.url).port)
  const server = (listening.mock.contexts as Server[]).find((candidate) => {
    const address = candidate.address()
    return typeof address === 'object' && address?.port === port
  })
  if (!server) throw new Error(`no server was seen listening on port ${port}`)
  return server
}

describe('the listening address', () => {
  it('is the IPv4 loopback address unless told otherwise', () => {
    expect(dashboardServer().address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' })
    expect(new URL(running.dashboard.url).hostname).toBe('127.0.0.1')
  })

  it('answers at the loopback address', async () => {
    const response = await send(running.dashboard.url, '/healthz')
    expect(response.status).toBe(200)
    expect(response.json()).toMatchObject({ status: 'ok' })
  })

  it('refuses a request naming another host, as a loopback-only dashboard does', async () => {
    const port = new URL(running.dashboard.url).port
    const response = await send(running.dashboard.url, '/healthz', {
      headers: { host: `192.168.1.20:${port}` },
    })
    expect(response.status).toBe(403)
    expect(response.json().error).toMatch(/loopback/)
  })

  it('tells loopback from reachable addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true)
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'dashboard.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false)
    }
  })

  it('will not listen off loopback without the public address it is reached at', async () => {
    await expect(
      startDashboard({ host: '0.0.0.0', port: 0, mode: 'production', log: () => {} }),
    ).rejects.toThrow(/DASHBOARD_PUBLIC_URL/)
  })
})
