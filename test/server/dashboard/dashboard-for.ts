import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { type FakeService, fakeClient, startFakeService } from './fake-service.ts'
import { createTempDist } from './temp-dist.ts'

export interface TestDashboard {
  url: string
  logs: string[]
  /** An admin's signed-in headers: cookie, same origin and X-Dashboard-Request. */
  session: Record<string, string>
  /** The SQLite file of its accounts, for changes a test makes behind the server's back. */
  dashboardDb: string
  close(): Promise<void>
}

/**
 * A production dashboard on a temporary build, talking to the given fake service, with an admin
 * signed in.
 */
export async function startDashboardFor(
  service: FakeService,
  options: Partial<DashboardOptions> = {},
): Promise<TestDashboard> {
  const dist = await createTempDist()
  const logs: string[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-db-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const { admin } = await addAccounts({ sqlitePath: dashboardDb }, ['admin'])
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    service: { baseUrl: service.url, ...fakeClient },
    log: (message) => logs.push(message),
    ...options,
  })
  return {
    url: dashboard.url,
    logs,
    session: await signIn(dashboard.url, admin),
    dashboardDb: (options.dashboardDb as string | undefined) ?? dashboardDb,
    async close() {
      await dashboard.close()
      await dist.remove()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A fake service with a dashboard in front of it, started before the calling file's (or describe
 * block's) tests, `per: 'file'`, or before each test, `per: 'test'`; closed after.
 */
export function dashboardWithFakeService(
  per: 'file' | 'test',
  options: Partial<DashboardOptions> = {},
): { service: FakeService; dashboard: TestDashboard } {
  const running = {} as { service: FakeService; dashboard: TestDashboard }
  const [before, after] = per === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach]
  before(async () => {
    running.service = await startFakeService()
    running.dashboard = await startDashboardFor(running.service, options)
  })
  after(async () => {
    await running.dashboard?.close()
    await running.service?.close()
  })
  return running
}

/** A production dashboard in front of `service` with its accounts in memory: nobody signs in. */
export async function startBareDashboard(
  service: FakeService,
  options: Partial<DashboardOptions> = {},
) {
  const dist = await createTempDist()
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb: ':memory:',
    service: { baseUrl: service.url, ...fakeClient },
    log: () => {},
    ...options,
  })
  return { dashboard, removeDist: dist.remove }
}
