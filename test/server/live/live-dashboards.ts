import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Role } from '@/api/roles.ts'
import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn, type TestAccount } from '../support/accounts.ts'

export interface LiveDashboard {
  url: string
  logs: string[]
}

/**
 * `count` production dashboards in front of one fake service, sharing one account database (an
 * admin and an editor in it) and, given `redisUrl`, one Redis: replicas behind a load balancer.
 */
export async function startLiveDashboards(count: number, options: Partial<DashboardOptions> = {}) {
  const [service, dist] = await Promise.all([startFakeService(), createTempDist()])
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-live-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const accounts = await addAccounts({ sqlitePath: dashboardDb }, ['admin', 'editor', 'viewer'])
  const running: Array<Awaited<ReturnType<typeof startDashboard>>> = []
  const dashboards: LiveDashboard[] = []
  // One after another: each runs the account database's migrations at start.
  for (let index = 0; index < count; index++) {
    const logs: string[] = []
    const dashboard = await startDashboard({
      port: 0,
      mode: 'production',
      distDir: dist.dir,
      dashboardDb,
      service: { baseUrl: service.url, ...fakeClient },
      log: (message) => logs.push(message),
      ...options,
    })
    running.push(dashboard)
    dashboards.push({ url: dashboard.url, logs })
  }
  return {
    dashboards,
    accounts,
    /** A fresh session of `role` on `dashboard`: the headers a signed-in browser sends. */
    signIn: (role: Role, dashboard: LiveDashboard = dashboards[0] as LiveDashboard) =>
      signIn(dashboard.url, accounts[role] as TestAccount),
    async close() {
      await Promise.all(running.map((dashboard) => dashboard.close()))
      await Promise.all([service.close(), dist.remove()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
