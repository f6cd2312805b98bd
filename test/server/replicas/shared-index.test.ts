/**
 * Two replicas on one PostgreSQL and one Redis, in front of a sandbox as their service: they run
 * one backfill between them, share the index it fills, and a webhook either receives is answered
 * from the index by both.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@/api/roles.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type RunningSandbox, startSandbox } from '../../../server/sandbox/start.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn, type TestAccount } from '../support/accounts.ts'
import { patchAtService } from '../support/demo-client.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { waitUntil } from '../wait-until.ts'
import { delivery, postWebhook, videoEvent } from '../webhooks/support.ts'

const secret = randomBytes(24).toString('base64url')
let postgres: Awaited<ReturnType<typeof startPostgresServer>>
let redis: Awaited<ReturnType<typeof startRedisServer>>
let sandbox: RunningSandbox
let dataDir: string
let dist: Awaited<ReturnType<typeof createTempDist>>
let accounts: Record<Role, TestAccount>
let replicas: RunningDashboard[]
let sessions: Record<string, string>[]

const get = (index: number, path: string) =>
  send(replicas[index]?.url ?? '', path, { headers: sessions[index] ?? {} })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shared-index-'))
  ;[postgres, redis, dist, sandbox] = await Promise.all([
    startPostgresServer(),
    startRedisServer(),
    createTempDist(),
    startSandbox({
      port: 0,
      host: '127.0.0.1',
      db: ':memory:',
      dataDir,
      seedVideos: 120,
      log: () => {},
    }),
  ])
  accounts = await addAccounts({ sqlitePath: ':memory:', databaseUrl: postgres.url }, ['viewer'])
  replicas = await Promise.all(
    [1, 2].map(() =>
      startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb: ':memory:',
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        service: { baseUrl: sandbox.url, clientId: 'demo', clientSecret: 'demo-secret' },
        webhookSecrets: [secret],
        index: {},
        log: () => {},
      }),
    ),
  )
  sessions = await Promise.all(replicas.map((replica) => signIn(replica.url, accounts.viewer)))
  await waitUntil(
    async () => (await get(1, '/api/dashboard/index/status')).json().state === 'ready',
    'the shared index to be filled',
    { timeoutMs: 30_000, intervalMs: 100 },
  )
}, 60_000)

afterAll(async () => {
  await Promise.all((replicas ?? []).map((replica) => replica.close()))
  await Promise.all([sandbox?.close(), redis?.stop(), postgres?.stop(), dist?.remove()])
  await rm(dataDir, { recursive: true, force: true })
})

describe('two replicas on one PostgreSQL and one Redis', () => {
  it('run one backfill between them, and both answer from what it filled', async () => {
    const [first, second] = [
      (await get(0, '/api/dashboard/index/status')).json(),
      (await get(1, '/api/dashboard/index/status')).json(),
    ]
    expect(first).toMatchObject({ state: 'ready', last_pass: { kind: 'backfill' } })
    expect(second.last_pass).toEqual(first.last_pass)
    expect(first.videos).toBe(120)
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const runs = await client.query('select kind, state from index_runs')
      expect(runs.rows).toEqual([{ kind: 'backfill', state: 'done' }])
    } finally {
      await client.end()
    }
  })

  it('answer a webhook one of them received from the index they share', async () => {
    const channel = (await get(0, '/api/v1/channels')).json().channels[0].id as string
    const listed = await get(0, `/api/dashboard/index/videos?channel_id=${channel}&page_size=2`)
    const [video, other] = listed.json().videos as { id: string; product_ids: string[] }[]
    const product = other?.product_ids.find((id) => !video?.product_ids.includes(id)) ?? ''
    expect(product).not.toBe('')
    const productIds = [...(video?.product_ids ?? []), product]
    // Changed at the service behind the dashboards' backs: only the webhook tells them.
    const changed = await patchAtService(sandbox.url, video?.id ?? '', {
      caption: 'Told by webhook',
      product_ids: productIds,
    })
    expect(changed.status).toBe(200)
    const { body, signature } = delivery(
      secret,
      videoEvent(video?.id ?? '', Math.floor(Date.now() / 1000), 'video_updated', {
        caption: 'Told by webhook',
        product_ids: productIds,
      }),
    )
    const delivered = await postWebhook(replicas[0]?.url ?? '', body, signature)
    expect(delivered.status).toBe(202)
    const found = await get(
      1,
      `/api/dashboard/index/videos?channel_id=${channel}&product_id=${product}&page_size=100`,
    )
    expect(found.json().videos).toContainEqual(
      expect.objectContaining({ id: video?.id, caption: 'Told by webhook' }),
    )
  })

  it("answer the library's filters and the home page's figures from PostgreSQL", async () => {
    const channel = (await get(0, '/api/v1/channels')).json().channels[0].id as string
    const total = async (path: string, replica = 0) =>
      (await get(replica, path)).json().pagination.total_entries as number
    const index = `/api/dashboard/index/videos?channel_id=${channel}&page_size=100`
    const [draft, scheduled, live, unarchived] = await Promise.all([
      total(`${index}&state=draft`),
      total(`${index}&state=scheduled`),
      total(`${index}&state=live`, 1),
      total(`/api/v1/videos?channel_id=${channel}&page_size=1`),
    ])
    expect(draft + scheduled + live).toBe(unarchived)
    const summary = (await get(1, `/api/dashboard/index/summary?channel_id=${channel}`)).json()
    expect(summary.states).toMatchObject({ draft, scheduled, live })
    const told = (await get(1, `${index}&q=${encodeURIComponent('TOLD BY')}`)).json()
    expect(told.videos.map((video: { caption: string }) => video.caption)).toEqual([
      'Told by webhook',
    ])
    // Each video needing attention is one the readiness before publishing finds wanting.
    const flagged = (await get(0, `${index}&attention=true`)).json()
    expect(flagged.pagination.total_entries).toBe(summary.attention)
    const ids = (flagged.videos as { id: string }[]).map((video) => `video_id=${video.id}`)
    const readiness = (await get(0, `/api/dashboard/index/readiness?${ids.join('&')}`)).json()
    expect(ids.length).toBeGreaterThan(0)
    expect(readiness.videos.length).toBe(ids.length)
    for (const video of readiness.videos) expect(video.problems.length).toBeGreaterThan(0)
  })
})
