import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'
import { sendSignedIn } from './http-client.ts'

const running = dashboardWithFakeService('file')
const videos = Array.from({ length: 50 }, (_, n) => ({
  id: `v${n}`,
  caption: `Linen dress, take ${n}`,
}))
beforeAll(() => {
  running.service.api = (_request, res) => json(res, 200, { videos })
})

it('compresses JSON answers the service sent plain, in the encoding the browser prefers', async () => {
  const brotli = await sendSignedIn(running.dashboard, '/api/v1/videos', {
    headers: { 'accept-encoding': 'gzip, br' },
  })
  expect(brotli.headers['content-encoding']).toBe('br')
  expect(brotli.headers.vary).toBe('Accept-Encoding')
  expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual({ videos })
  expect(brotli.body.length).toBeLessThan(JSON.stringify({ videos }).length / 3)

  const gzip = await sendSignedIn(running.dashboard, '/api/v1/videos', {
    headers: { 'accept-encoding': 'gzip' },
  })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual({ videos })
})

it('sends the body as is to a client that accepts no compression', async () => {
  const plain = await sendSignedIn(running.dashboard, '/api/v1/videos')
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.json()).toEqual({ videos })
})
