import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { openEvents } from './support.ts'

let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let session: Record<string, string>
beforeAll(async () => {
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'dashboard-events-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const { editor } = await addAccounts({ sqlitePath: dashboardDb }, ['editor'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: { port: 0, db: ':memory:', seedVideos: 10, dataDir, timeScale: 100 },
    log: () => {},
  })
  session = await signIn(dashboard.url, editor)
})
afterAll(async () => {
  await dashboard?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

it("wires the embedded sandbox's signed webhooks to the dashboard, and on to open streams", async () => {
  const stream = await openEvents({ url: dashboard.url, session })
  const channels = await send(dashboard.url, '/api/v1/channels', { headers: session })
  const channelId = channels.json().channels[0].id as string
  const list = await send(
    dashboard.url,
    `/api/v1/videos?channel_id=${channelId}&status=approved&page_size=1`,
    { headers: session },
  )
  const videoId = list.json().videos[0].id as string
  const caption = `Changed elsewhere ${Date.now()}`
  const patched = await send(dashboard.url, `/api/v1/videos/${videoId}`, {
    method: 'PATCH',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ caption }),
  })
  expect(patched.status).toBe(200)
  await expect
    .poll(() => stream.events.map((event) => JSON.parse(event.data)), { timeout: 5_000 })
    .toContainEqual(
      expect.objectContaining({
        event_type: 'video_updated',
        data: expect.objectContaining({ id: videoId, caption }),
      }),
    )
  await stream.close()
})
