import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardOptions } from '../../../server/dashboard/start.ts'
import { dashboardWithFakeService, startBareDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { waitUntil } from '../wait-until.ts'

const failing = expect.stringMatching(/^(failed|timed out)$/)

/** A bare dashboard in front of `service` that closes with its build. */
async function startBare(service: FakeService, options: Partial<DashboardOptions> = {}) {
  const { dashboard, removeDist } = await startBareDashboard(service, options)
  return {
    url: dashboard.url,
    async close() {
      await dashboard.close()
      await removeDist()
    },
  }
}

describe('GET /readyz with the video service', () => {
  const running = dashboardWithFakeService('file')

  it('is ready when the database answers and a service token is at hand; /healthz stays as it was', async () => {
    const response = await send(running.dashboard.url, '/readyz')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', service: 'ok' },
    })
    expect((await send(running.dashboard.url, '/healthz')).json()).toEqual({
      status: 'ok',
      service: 'remote',
    })
  })

  it('asks the service for no new token at each probe', async () => {
    await send(running.dashboard.url, '/readyz')
    const requests = running.service.tokenRequests
    for (let probe = 0; probe < 5; probe++) {
      expect((await send(running.dashboard.url, '/readyz')).status).toBe(200)
    }
    expect(running.service.tokenRequests).toBe(requests)
  })

  it('is 503 naming the service when no token can be had, or none comes in time', async () => {
    const service = await startFakeService()
    const refused = await startBare(service, {
      service: { baseUrl: service.url, clientId: fakeClient.clientId, clientSecret: 'wrong' },
    })
    try {
      const response = await send(refused.url, '/readyz')
      expect(response.status).toBe(503)
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', redis: 'not configured', service: 'failed' },
        next_attempt: { service: expect.any(String) },
      })
      service.tokenDelayMs = 60_000
      const slow = await startBare(service)
      try {
        const late = await send(slow.url, '/readyz')
        expect(late.status).toBe(503)
        expect(late.json().checks.service).toBe('timed out')
      } finally {
        await slow.close()
      }
    } finally {
      await refused.close()
      await service.close()
    }
  })
})

describe('GET /readyz during an outage of the token endpoint', () => {
  it('asks for a token a bounded number of times, however often it is probed, and says when it asks next', async () => {
    const service = await startFakeService()
    service.tokenOutage = { status: 503 }
    const dashboard = await startBare(service)
    try {
      const started = Date.now()
      const answers = []
      for (let probe = 0; probe < 40; probe++) answers.push(await send(dashboard.url, '/readyz'))
      const seconds = (Date.now() - started) / 1000
      // Attempts 1 s, 2 s, 4 s … apart: however long the probes took, that many at most.
      expect(service.tokenRequests).toBeGreaterThanOrEqual(1)
      expect(service.tokenRequests).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(1 + seconds)))
      const last = answers.at(-1)
      expect(last?.status).toBe(503)
      const body = last?.json()
      expect(body.checks.service).toBe('failed')
      const next = Date.parse(body.next_attempt.service)
      expect(next).toBeGreaterThan(Date.now() - 1_000)
      expect(next).toBeLessThanOrEqual(Date.now() + 30_000)
      expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(1)

      service.tokenOutage = null
      await waitUntil(
        async () => (await send(dashboard.url, '/readyz')).status === 200,
        'the service check to pass once the endpoint is back',
        { intervalMs: 100 },
      )
      const ready = (await send(dashboard.url, '/readyz')).json()
      expect(ready).toEqual({
        status: 'ready',
        checks: { database: 'ok', redis: 'not configured', service: 'ok' },
      })
    } finally {
      await dashboard.close()
      await service.close()
    }
  })

  it("waits as long as the token endpoint's Retry-After asks", async () => {
    const service = await startFakeService()
    service.tokenOutage = { status: 503, retryAfter: '20' }
    const dashboard = await startBare(service)
    try {
      const first = await send(dashboard.url, '/readyz')
      for (let probe = 0; probe < 10; probe++) await send(dashboard.url, '/readyz')
      expect(service.tokenRequests).toBe(1)
      const wait = Date.parse(first.json().next_attempt.service) - Date.now()
      expect(wait).toBeGreaterThan(15_000)
      expect(wait).toBeLessThanOrEqual(20_000)
      expect(Number(first.headers['retry-after'])).toBeGreaterThan(15)
    } finally {
      await dashboard.close()
      await service.close()
    }
  })
})

describe('GET /readyz with PostgreSQL and Redis', () => {
  let postgres: Awaited<ReturnType<typeof startPostgresServer>>
  let redis: Awaited<ReturnType<typeof startRedisServer>>
  let service: Awaited<ReturnType<typeof startFakeService>>
  let dashboard: Awaited<ReturnType<typeof startBare>>
  beforeAll(async () => {
    ;[postgres, redis, service] = await Promise.all([
      startPostgresServer(),
      startRedisServer(),
      startFakeService(),
    ])
    dashboard = await startBare(service, { databaseUrl: postgres.url, redisUrl: redis.url })
  })
  const stopped = { redis: false, postgres: false }
  afterAll(async () => {
    await dashboard?.close()
    await Promise.all([
      service?.close(),
      stopped.redis ? null : redis?.stop(),
      stopped.postgres ? null : postgres?.stop(),
    ])
  })

  it('is ready while both answer, then names Redis, then the database, as each stops', async () => {
    const ready = await send(dashboard.url, '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.json().checks).toEqual({ database: 'ok', redis: 'ok', service: 'ok' })

    await redis.stop()
    stopped.redis = true
    const withoutRedis = await send(dashboard.url, '/readyz')
    expect(withoutRedis.status).toBe(503)
    expect(withoutRedis.json().checks).toEqual({ database: 'ok', redis: failing, service: 'ok' })

    await postgres.stop()
    stopped.postgres = true
    const withoutDatabase = await send(dashboard.url, '/readyz')
    expect(withoutDatabase.status).toBe(503)
    expect(withoutDatabase.json().checks).toEqual({
      database: failing,
      redis: failing,
      service: 'ok',
    })
  })
})
