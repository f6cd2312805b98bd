import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, startFakeService } from './fake-service.ts'
import { sendSignedIn } from './http-client.ts'

let service: FakeService | undefined
let dashboard: TestDashboard | undefined
afterEach(async () => {
  await dashboard?.close()
  await service?.close()
  dashboard = service = undefined
})

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('when the service cannot be used', () => {
  it('answers 502 when nothing listens at the service address', async () => {
    service = await startFakeService()
    dashboard = await startDashboardFor(service, {
      service: {
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        clientId: 'a',
        clientSecret: 'b',
      },
    })
    const response = await sendSignedIn(dashboard, '/api/v1/videos')
    expect(response.status).toBe(502)
    expect(response.json()).toEqual({ error: 'The video service is unreachable' })
  })

  it('answers 502 when the service goes down after issuing a token', async () => {
    service = await startFakeService()
    dashboard = await startDashboardFor(service)
    expect((await sendSignedIn(dashboard, '/api/v1/videos')).status).toBe(200)
    await service.close()
    service = undefined
    const response = await sendSignedIn(dashboard, '/api/v1/videos')
    expect(response.status).toBe(502)
    expect(response.json()).toEqual({ error: 'The video service is unreachable' })
  })

  it("answers 502 saying the service refused the dashboard's credentials", async () => {
    service = await startFakeService()
    dashboard = await startDashboardFor(service, {
      service: { baseUrl: service.url, clientId: 'dash', clientSecret: 'wrong' },
    })
    const response = await sendSignedIn(dashboard, '/api/v1/videos')
    expect(response.status).toBe(502)
    expect(response.json()).toEqual({
      error: "The video service refused the dashboard's credentials",
    })
    expect(service.apiRequests).toEqual([])
  })
})
