/**
 * Webhooks as the documents let the service send them reach the merchandising index through the
 * receiver; one that cannot be read in full but names a video has the index read that video again.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type RunningSandbox, startSandbox } from '../../../server/sandbox/start.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { patchAtService } from '../support/demo-client.ts'
import { waitUntil } from '../wait-until.ts'
import { documentedSnapshots } from './documented-snapshots.ts'
import { delivery, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_into_index'
let sandbox: RunningSandbox
let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let session: Record<string, string>
let channel: string
let videos: string[]

const get = (path: string) => send(dashboard.url, path, { headers: session })
/** The index's videos whose caption holds `text`. */
const indexed = async (text: string) =>
  (
    await get(
      `/api/dashboard/index/videos?channel_id=${channel}&page_size=100&q=${encodeURIComponent(text)}`,
    )
  ).json().videos as { id: string; caption: string }[]

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'snapshots-index-'))
  ;[dist, sandbox] = await Promise.all([
    createTempDist(),
    startSandbox({
      port: 0,
      host: '127.0.0.1',
      db: ':memory:',
      dataDir,
      seedVideos: 20,
      log: () => {},
    }),
  ])
  const dashboardDb = join(dataDir, 'dashboard.db')
  const { viewer } = await addAccounts({ sqlitePath: dashboardDb }, ['viewer'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    service: { baseUrl: sandbox.url, clientId: 'demo', clientSecret: 'demo-secret' },
    webhookSecrets: [secret],
    index: {},
    log: () => {},
  })
  session = await signIn(dashboard.url, viewer)
  await waitUntil(
    async () => (await get('/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
  channel = (await get('/api/v1/channels')).json().channels[0].id
  videos = (await get(`/api/dashboard/index/videos?channel_id=${channel}&page_size=8`))
    .json()
    .videos.map((video: { id: string }) => video.id)
}, 30_000)

afterAll(async () => {
  await dashboard?.close()
  await sandbox?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

it('takes each snapshot the documents allow into the index', async () => {
  const now = Math.floor(Date.now() / 1000)
  const count = documentedSnapshots('', now, '').length
  for (let index = 0; index < count; index++) {
    const id = videos[index] ?? ''
    const caption = `Documented snapshot ${index}`
    expect((await patchAtService(sandbox.url, id, { caption })).status).toBe(200)
    const { name, sent } = documentedSnapshots(id, now, caption)[index] ?? { name: '', sent: {} }
    const signed = delivery(secret, sent)
    expect((await postWebhook(dashboard.url, signed.body, signed.signature)).status, name).toBe(202)
    await waitUntil(
      async () => (await indexed(caption)).some((video) => video.id === id),
      `${name} in the index`,
    )
  }
})

it('reads a video again when its event cannot be read in full', async () => {
  const id = videos[3] ?? ''
  const caption = 'Read again from the service'
  expect((await patchAtService(sandbox.url, id, { caption })).status).toBe(200)
  const event = videoEvent(id, Math.floor(Date.now() / 1000), 'video_updated', { caption: 'Stale' })
  const { product_ids: _left, ...data } = { ...event.data, status: 'transcoding' }
  const signed = delivery(secret, { ...event, data })
  expect((await postWebhook(dashboard.url, signed.body, signed.signature)).status).toBe(202)
  await waitUntil(
    async () => (await indexed(caption)).some((video) => video.id === id),
    'the index to hold what the service says',
  )
})
