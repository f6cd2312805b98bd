/**
 * Until the dashboard knows the service, the rules' routes say it is starting (503 with
 * Retry-After) to someone signed in, and still refuse anyone else first.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeDashboard } from '../../../server/dashboard/compose.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'

let url: string
let headers: Record<string, string>
let close: () => Promise<void>
beforeAll(async () => {
  const [dist, dir] = await Promise.all([createTempDist(), mkdtemp(join(tmpdir(), 'starting-'))])
  const dashboardDb = join(dir, 'dashboard.db')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, ['viewer'])
  const server = createServer()
  const dashboard = await composeDashboard(
    {
      mode: 'production',
      distDir: dist.dir,
      dashboardDb,
      service: { baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
      index: {},
      log: () => {},
    },
    server,
  )
  server.on('request', getRequestListener(dashboard.routes.fetch, { autoCleanupIncoming: false }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  headers = await signIn(url, accounts.viewer)
  close = async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await dashboard.close()
    await dist.remove()
    await rm(dir, { recursive: true, force: true })
  }
}, 60_000)
afterAll(() => close?.())

describe('the rules while the dashboard starts', () => {
  it('answer 503 with Retry-After to someone signed in, and 401 to anyone else', async () => {
    const answer = await send(url, '/api/dashboard/rules/rules', { headers })
    expect(answer.status).toBe(503)
    expect(answer.headers['retry-after']).toBe('1')
    expect(answer.json()).toEqual({ error: 'The dashboard is starting' })
    expect((await send(url, '/api/dashboard/rules/rules')).status).toBe(401)
  })
})
