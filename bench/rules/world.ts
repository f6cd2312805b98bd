import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { areaMigrations } from '../../server/dashboard/areas.ts'
import { createAccounts } from '../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../server/dashboard/db/database.ts'
import { createRandom } from '../../server/sandbox/seed/random.ts'
import { createTempDist } from '../../test/server/dashboard/temp-dist.ts'
import { startPostgresServer } from '../../test/server/support/postgres-server.ts'
import { startRedisServer } from '../../test/server/support/redis-server.ts'
import { limitProcess } from '../reference/cpu-limit.ts'
import { startSandboxProcess } from '../ui/sandbox-process.ts'
import { type Replica, startReplica } from './processes.ts'
import { serviceClient } from './service-client.ts'
import { startServiceProxy } from './service-proxy.ts'
import { settings } from './settings.ts'
import { startWebhookTee } from './webhook-tee.ts'

const admin = { email: 'rules-admin@bench.example', password: 'bench rules admin password' }

/** A signed-in person's headers for calls from Node (cookie, origin, X-Dashboard-Request). */
export type Session = Record<string, string>

async function signIn(url: string): Promise<Session> {
  const response = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (response.status !== 204)
    throw new Error(`the benchmark's admin could not sign in: ${response.status}`)
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? ''
  return { cookie, origin: url, 'x-dashboard-request': '1' }
}

async function indexReady(url: string, session: Session) {
  const deadline = Date.now() + 600_000
  for (;;) {
    const response = await fetch(`${url}/api/dashboard/index/status`, { headers: session })
    if (response.ok && ((await response.json()) as { state: string }).state === 'ready') return
    if (Date.now() > deadline) throw new Error(`the index at ${url} was not filled in 10 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * bench:rules' world, everything on loopback: PostgreSQL and Redis of their own; the sandbox in its
 * own process, seeded with the demo library, its signed webhooks sent to the tee that passes them
 * on (twice, some late) to two dashboard replicas, each in its own process; the replicas reach the
 * service through the proxy that notes every write. Resolves once both see the filled index.
 */
export async function startRulesWorld(step: (message: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rules-'))
  const secret = randomBytes(24).toString('base64url')
  const stops: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const random = createRandom(37)
    const tee = await startWebhookTee({
      reorderShare: 0.2,
      holdMs: 3_000,
      redeliverMs: 1_500,
      random: () => random.next(),
    })
    stops.push(() => tee.close())
    step(`seeding the sandbox with ${settings.videos.toLocaleString('en')} demo videos`)
    const [postgres, redis, dist, sandbox] = await Promise.all([
      startPostgresServer(),
      startRedisServer(),
      createTempDist(),
      startSandboxProcess({ dir, videos: settings.videos, webhookUrl: tee.url, secret }),
    ])
    stops.push(postgres.stop, redis.stop, dist.remove, sandbox.stop)
    // Started by this process, they would share its quota with the load it sends.
    limitProcess(postgres.pid, 'postgres')
    limitProcess(redis.pid, 'redis')
    const proxy = await startServiceProxy(sandbox.url)
    stops.push(() => proxy.close())
    const db = await openDashboardDb({
      sqlitePath: ':memory:',
      databaseUrl: postgres.url,
      areas: areaMigrations,
    })
    await createAccounts(db).create({ ...admin, role: 'admin' })
    await db.destroy()

    step('starting two dashboard replicas and waiting for the index they share')
    const env = {
      BENCH_RULES_DIST: dist.dir,
      BENCH_RULES_SERVICE_URL: proxy.url,
      BENCH_RULES_DATABASE_URL: postgres.url,
      BENCH_RULES_REDIS_URL: redis.url,
      BENCH_RULES_WEBHOOK_SECRET: secret,
    }
    const replicas: Replica[] = []
    for (const name of ['A', 'B']) {
      const replica = await startReplica(name, env)
      replicas.push(replica)
      stops.push(() => replica.stop())
    }
    const [first, second] = replicas as [Replica, Replica]
    const sessions = [await signIn(first.url), await signIn(second.url)] as [Session, Session]
    await indexReady(first.url, sessions[0])
    await indexReady(second.url, sessions[1])
    tee.passTo([first.url, second.url])
    return {
      tee,
      proxy,
      /** The service as its other clients reach it (straight, not through the proxy). */
      service: (await serviceClient(sandbox.url)).call,
      /** The replica stopped mid-burst, and the one that carries on. */
      killed: first,
      survivor: second,
      sessions: { killed: sessions[0], survivor: sessions[1] },
      databaseUrl: postgres.url,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

export type RulesWorld = Awaited<ReturnType<typeof startRulesWorld>>
