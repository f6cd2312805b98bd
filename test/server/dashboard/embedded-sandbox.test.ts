import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { send } from './http-client.ts'
import { createTempDist } from './temp-dist.ts'

let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let session: Record<string, string>
beforeAll(async () => {
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'dashboard-sandbox-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const { viewer } = await addAccounts({ sqlitePath: dashboardDb }, ['viewer'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: { port: 0, db: ':memory:', seedVideos: 20, dataDir },
    log: () => {},
  })
  session = await signIn(dashboard.url, viewer)
})
afterAll(async () => {
  await dashboard?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the dashboard with the embedded sandbox', () => {
  it('reports the sandbox on /healthz', async () => {
    const response = await send(dashboard.url, '/healthz')
    expect(response.json()).toEqual({ status: 'ok', service: 'sandbox' })
  })

  it("lists the sandbox's videos with no Authorization from the browser", async () => {
    const channels = await send(dashboard.url, '/api/v1/channels', { headers: session })
    expect(channels.status).toBe(200)
    const channelId = channels.json().channels[0].id as string
    const videos = await send(dashboard.url, `/api/v1/videos?channel_id=${channelId}&page_size=5`, {
      headers: session,
    })
    expect(videos.status).toBe(200)
    const body = videos.json()
    expect(body.videos).toHaveLength(5)
    expect(body.pagination.total_entries).toBeGreaterThan(5)
  })

  it("passes the sandbox's own errors through", async () => {
    const response = await send(dashboard.url, '/api/v1/videos/does-not-exist', {
      headers: session,
    })
    expect(response.status).toBe(404)
    expect(typeof response.json().error).toBe('string')
  })

  it('allows media and uploads from the sandbox origin in the page policy', async () => {
    const page = await send(dashboard.url, '/')
    const sandboxOrigin = new URL(dashboard.serviceUrl).origin
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${sandboxOrigin}`)
  })
})
