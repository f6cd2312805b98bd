import { createHash } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@/api/roles.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn, type TestAccount } from '../support/accounts.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { startRedisServer } from '../support/redis-server.ts'

let postgres: Awaited<ReturnType<typeof startPostgresServer>>
let redis: Awaited<ReturnType<typeof startRedisServer>>
let service: FakeService
let dist: Awaited<ReturnType<typeof createTempDist>>
let accounts: Record<Role, TestAccount>
let a: RunningDashboard
let b: RunningDashboard
const logs: string[] = []
/** The progressive delays the replicas asked for (recorded, not waited out). */
const waits: number[] = []

beforeAll(async () => {
  ;[postgres, redis, service, dist] = await Promise.all([
    startPostgresServer(),
    startRedisServer(),
    startFakeService(),
    createTempDist(),
  ])
  // Made once, in the shared database: neither replica has a file of its own.
  accounts = await addAccounts({ sqlitePath: ':memory:', databaseUrl: postgres.url }, [
    'admin',
    'editor',
  ])
  // Both start at once, as replicas do: their migrations run side by side.
  ;[a, b] = (await Promise.all(
    [1, 2].map(() =>
      startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb: ':memory:',
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        service: { baseUrl: service.url, ...fakeClient },
        log: (message) => logs.push(message),
        signInThrottle: {
          wait: async (ms) => {
            waits.push(ms)
          },
        },
      }),
    ),
  )) as [RunningDashboard, RunningDashboard]
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  await Promise.all([service?.close(), redis?.stop(), postgres?.stop(), dist?.remove()])
})

/** A signed-in browser's headers, sent to `replica`: its own origin, the session as it is. */
const on = (replica: RunningDashboard, session: Record<string, string>) => ({
  ...session,
  origin: replica.url,
})
const attempt = (replica: RunningDashboard, email: string, password: string, from: string) =>
  send(replica.url, '/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    localAddress: from,
  })

describe('two replicas on one Redis and one PostgreSQL', () => {
  it('take a session started on one replica on the other', async () => {
    const session = await signIn(a.url, accounts.admin)
    const me = await send(b.url, '/auth/me', { headers: on(b, session) })
    expect(me.status).toBe(200)
    expect(me.json()).toMatchObject({ email: 'admin@example.com', role: 'admin' })
    const videos = await send(b.url, '/api/v1/videos', { headers: on(b, session) })
    expect(videos.status).toBe(200)
    expect(videos.json()).toEqual({ method: 'GET', url: '/api/v1/videos' })
  })

  it('end every session of an account, on every replica, when it signs out everywhere on one', async () => {
    const [onA, onB] = [await signIn(a.url, accounts.admin), await signIn(b.url, accounts.admin)]
    expect((await send(a.url, '/auth/me', { headers: onA })).status).toBe(200)
    const out = await send(b.url, '/auth/sign-out-everywhere', { method: 'POST', headers: onB })
    expect(out.status).toBe(204)
    for (const replica of [a, b]) {
      expect((await send(replica.url, '/auth/me', { headers: on(replica, onA) })).status).toBe(401)
      expect((await send(replica.url, '/auth/me', { headers: on(replica, onB) })).status).toBe(401)
    }
  })

  it('count failed sign-ins across replicas: 5 from one address split between them hold that address back on both, not the owner elsewhere', async () => {
    const { email, password } = accounts.editor
    const failures = [a, b, a, b, a]
    for (const [index, replica] of failures.entries())
      expect((await attempt(replica, email, `guess ${index}`, '127.0.0.2')).status).toBe(401)
    expect((await attempt(b, email, password, '127.0.0.2')).status).toBe(429)
    expect((await attempt(a, email, password, '127.0.0.2')).status).toBe(429)
    // The account's five failures, counted on both replicas, make the owner wait a moment.
    expect((await attempt(b, email, password, '127.0.0.3')).status).toBe(204)
    expect(waits).toEqual([1000])
  })

  it('keep sign-in counts in Redis under a digest of the email, never the email itself', async () => {
    const client = new Redis(redis.url)
    try {
      const digest = createHash('sha256').update(accounts.editor.email).digest('hex')
      expect(await client.keys(`dashboard:sign-in:*${digest}*`)).not.toEqual([])
      expect((await client.keys('*')).join(' ')).not.toMatch(/@|example\.com/)
    } finally {
      await client.quit()
    }
  })

  it('record a write made on one replica in the audit log read on the other', async () => {
    const session = await signIn(a.url, accounts.admin)
    const path = `/api/v1/videos/shared-${Date.now()}`
    const written = await send(b.url, path, {
      method: 'PATCH',
      headers: { ...on(b, session), 'content-type': 'application/json' },
      body: '{"caption":"Written on B"}',
    })
    expect(written.status).toBe(200)
    // The entry is written once the answer has gone out, so it is waited for.
    await expect
      .poll(async () => {
        const page = await send(a.url, '/auth/audit?operation=updateVideo', { headers: session })
        return page.json().entries
      })
      .toEqual([
        expect.objectContaining({
          account_email: 'admin@example.com',
          operation: 'updateVideo',
          method: 'PATCH',
          path,
          status: 200,
        }),
      ])
  })

  it('let an invite made on one replica be used once, when accepted on both at once', async () => {
    const admin = await signIn(a.url, accounts.admin)
    const invite = await send(a.url, '/auth/invites', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'twice@example.com', role: 'viewer' }),
    })
    expect(invite.status).toBe(201)
    const token = new URL(invite.json().link).hash.slice(1)
    const accept = (replica: RunningDashboard) =>
      send(replica.url, '/auth/invites/accept', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: replica.url,
          'x-dashboard-request': '1',
        },
        body: JSON.stringify({ token, password: 'a long enough password' }),
      })
    const statuses = (await Promise.all([accept(a), accept(b), accept(a), accept(b)])).map(
      (response) => response.status,
    )
    expect(statuses.filter((status) => status === 204)).toHaveLength(1)
    expect(statuses.filter((status) => status === 404)).toHaveLength(3)
    const list = await send(b.url, '/auth/accounts', { headers: on(b, admin) })
    expect(
      list.json().accounts.filter((each: { email: string }) => each.email === 'twice@example.com'),
    ).toHaveLength(1)
    // Nothing went wrong: no warning or error among the JSON log lines (level 40 and above).
    expect(logs.filter((line) => JSON.parse(line).level >= 40)).toEqual([])
  })
})
