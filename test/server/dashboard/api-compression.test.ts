import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDashboardFor, type TestDashboard } from './dashboard-for.ts'
import { type FakeService, json, startFakeService } from './fake-service.ts'
import { send } from './http-client.ts'

let service: FakeService
let dashboard: TestDashboard
const videos = Array.from({ length: 50 }, (_, n) => ({
  id: `v${n}`,
  caption: `Linen dress, take ${n}`,
}))
beforeAll(async () => {
  service = await startFakeService()
  service.api = (_request, res) => json(res, 200, { videos })
  dashboard = await startDashboardFor(service)
})
afterAll(async () => {
  await dashboard?.close()
  await service?.close()
})

it('compresses JSON answers the service sent plain, in the encoding the browser prefers', async () => {
  const brotli = await send(dashboard.url, '/api/v1/videos', {
    headers: { 'accept-encoding': 'gzip, br' },
  })
  expect(brotli.headers['content-encoding']).toBe('br')
  expect(brotli.headers.vary).toBe('Accept-Encoding')
  expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual({ videos })
  expect(brotli.body.length).toBeLessThan(JSON.stringify({ videos }).length / 3)

  const gzip = await send(dashboard.url, '/api/v1/videos', {
    headers: { 'accept-encoding': 'gzip' },
  })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual({ videos })
})

it('sends the body as is to a client that accepts no compression', async () => {
  const plain = await send(dashboard.url, '/api/v1/videos')
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.json()).toEqual({ videos })
})
