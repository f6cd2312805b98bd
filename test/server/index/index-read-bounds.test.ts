/**
 * The index's routes are bounded: a person with 8 requests in flight is told 429 for a 9th, and
 * anyone is told 503 while 32 are in flight, each with Retry-After and the dashboard's `{error}`
 * body. Requests are held in flight here by a service that keeps the review queue's probe of
 * `has_pending_matches` waiting until the test lets it answer (a channel each, since the answer is
 * kept after).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, json, startFakeService } from '../dashboard/fake-service.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'

let service: FakeService
let dashboard: RunningDashboard
let dist: Awaited<ReturnType<typeof createTempDist>>
let dataDir: string
const people: Record<string, string>[] = []
const held: ServerResponse[] = []

const emptyPage = {
  links: { next: null },
  pagination: { cursor: null, has_more: false, total_entries: 0 },
}

beforeAll(async () => {
  service = await startFakeService()
  service.api = (request, res) => {
    const url = new URL(request.url, service.url)
    if (url.pathname === '/api/v1/channels')
      return json(res, 200, {
        channels: ['chan1', 'chan2'].map((id) => ({
          id,
          name: id,
          business_id: 'b',
          username: id,
        })),
      })
    if (url.pathname === '/api/v1/videos' && url.searchParams.get('has_pending_matches')) {
      held.push(res)
      return
    }
    if (url.pathname === '/api/v1/videos') return json(res, 200, { videos: [], ...emptyPage })
    if (url.pathname === '/api/v1/business_stores')
      return json(res, 200, { stores: [], ...emptyPage })
    json(res, 404, { error: 'Not found' })
  }
  dist = await createTempDist()
  dataDir = await mkdtemp(join(tmpdir(), 'index-read-bounds-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const db = await openDashboardDb({ sqlitePath: dashboardDb })
  const emails = Array.from({ length: 5 }, (_, n) => `viewer${n}@example.com`)
  for (const email of emails) await createTestAccount(db, { email, role: 'viewer' })
  await db.destroy()
  dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    service: { baseUrl: service.url, ...fakeClient },
    index: {},
    log: () => {},
  })
  for (const email of emails)
    people.push(await signIn(dashboard.url, { email, password: testPassword, role: 'viewer' }))
}, 30_000)

afterAll(async () => {
  await dashboard?.close()
  await service?.close()
  await dist?.remove()
  await rm(dataDir, { recursive: true, force: true })
})

/** Sends the reads at once; gives them back with the answers that have come so far. */
function readAll(channel: string, who: Record<string, string>[]) {
  const answered: RawResponse[] = []
  const reads = who.map((headers) =>
    send(dashboard.url, `/api/dashboard/index/review-queue?channel_id=${channel}`, {
      headers,
    }).then((response) => {
      answered.push(response)
      return response
    }),
  )
  return { reads, answered }
}

function releaseHeld() {
  for (const res of held.splice(0)) json(res, 200, { videos: [], ...emptyPage })
}

it("tells a person with 8 of the index's requests in flight 429 for a 9th, with Retry-After", async () => {
  const viewer = people[0] as Record<string, string>
  const { reads, answered } = readAll(
    'chan1',
    Array.from({ length: 9 }, () => viewer),
  )
  await waitUntil(() => answered.length === 1, 'one of the nine to be answered')
  const [refused] = answered as [RawResponse]
  expect(refused.status).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(refused.json().error).toMatch(/at once/)
  await waitUntil(() => held.length > 0, 'the probe to be waiting')
  releaseHeld()
  const statuses = (await Promise.all(reads)).map((response) => response.status).sort()
  expect(statuses).toEqual([...Array(8).fill(200), 429])
})

it("tells anyone 503 while 32 of the index's requests are in flight, with Retry-After", async () => {
  const who = [...people.slice(0, 4).flatMap((headers) => Array(8).fill(headers)), people[4]]
  const { reads, answered } = readAll('chan2', who as Record<string, string>[])
  await waitUntil(() => answered.length === 1, 'one of the 33 to be answered', {
    timeoutMs: 10_000,
  })
  const [refused] = answered as [RawResponse]
  expect(refused.status).toBe(503)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(refused.json().error).toMatch(/busy/)
  await waitUntil(() => held.length > 0, 'the probe to be waiting')
  releaseHeld()
  const statuses = (await Promise.all(reads)).map((response) => response.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(32)
})

it("tells a person asking the index faster than it answers anyone 429, with Retry-After, while others' reads are answered", async () => {
  const [hasty, calm] = people as [Record<string, string>, Record<string, string>]
  const status = (headers: Record<string, string>) =>
    send(dashboard.url, '/api/dashboard/index/status', { headers })
  const answers: RawResponse[] = []
  // Eight at a time (within the bound on requests in flight), each answered from what the index
  // keeps: cheap, and still too many.
  for (let batch = 0; batch < 80; batch++)
    answers.push(...(await Promise.all(Array.from({ length: 8 }, () => status(hasty)))))
  const refused = answers.filter((response) => response.status === 429)
  expect(refused.length).toBeGreaterThan(0)
  expect(answers.filter((response) => response.status === 200).length).toBeGreaterThan(120)
  expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0)
  expect(refused[0]?.json().error).toMatch(/too many/i)
  expect((await status(calm)).status).toBe(200)
})
