/**
 * The review queue against a service without `has_pending_matches` (the sandbox answering only
 * what the documents describe): the dashboard probes, finds the filter ignored, and builds the
 * queue from what it learns itself: the jobs it starts, the match lists it reads, the reviews it
 * submits.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'

let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
let editor: Record<string, string>
let channelId: string

const call = (method: string, path: string, body?: unknown) =>
  send(dashboard.url, path, {
    method,
    headers: { ...editor, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const queue = async () =>
  (await call('GET', `/api/dashboard/index/review-queue?channel_id=${channelId}`)).json() as {
    videos: { id: string }[]
    filter: boolean
  }

beforeAll(async () => {
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'review-queue-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, ['editor'])
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    sandbox: {
      port: 0,
      db: ':memory:',
      seedVideos: 40,
      dataDir,
      timeScale: 100,
      documentedOnly: true,
    },
    index: {},
    log: () => {},
  })
  editor = await signIn(dashboard.url, accounts.editor)
  channelId = (await call('GET', '/api/v1/channels')).json().channels[0].id
  await waitUntil(
    async () => (await call('GET', '/api/dashboard/index/status')).json().state === 'ready',
    'the index to be filled',
    { timeoutMs: 20_000, intervalMs: 100 },
  )
}, 30_000)

afterAll(async () => {
  await dashboard?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

it('finds the filter ignored, and queues what it learns: jobs started, lists read, reviews sent', async () => {
  const first = await queue()
  expect(first.filter).toBe(false)
  expect(first.videos).toEqual([])

  const listed = await call(
    'GET',
    `/api/v1/videos?channel_id=${channelId}&page_size=100&fields=caption`,
  )
  const ids = (listed.json().videos as { id: string }[]).map((video) => video.id)
  // A seeded video with suggestions waiting becomes known when its match list is read.
  let seen: string | undefined
  for (const id of ids) {
    const list = (
      await call('GET', `/api/v1/videos/${id}/product_matches`)
    ).json() as ProductMatchList
    if (list.matches.some((match) => match.status === 'pending')) {
      seen = id
      break
    }
  }
  expect(seen).toBeDefined()
  await waitUntil(
    async () => (await queue()).videos.some((video) => video.id === seen),
    'the read video queued',
  )

  // A job the dashboard starts is followed until its suggestions wait.
  let started: string | undefined
  for (const id of ids) {
    const list = (
      await call('GET', `/api/v1/videos/${id}/product_matches`)
    ).json() as ProductMatchList
    if (list.status === 'none') {
      started = id
      break
    }
  }
  expect(started).toBeDefined()
  expect((await call('POST', `/api/v1/videos/${started}/product_matches`)).status).toBe(202)
  await waitUntil(
    async () => (await queue()).videos.some((video) => video.id === started),
    'the started job queued',
    { timeoutMs: 15_000, intervalMs: 500 },
  )

  // A review submitted leaves the queue.
  const matches = (
    await call('GET', `/api/v1/videos/${seen}/product_matches`)
  ).json() as ProductMatchList
  const accepted = await call('POST', `/api/v1/videos/${seen}/product_matches/accept`, {
    product_ids: [matches.matches[0]?.product.id],
  })
  expect(accepted.status).toBe(200)
  await waitUntil(
    async () => !(await queue()).videos.some((video) => video.id === seen),
    'the reviewed video gone',
  )
})
