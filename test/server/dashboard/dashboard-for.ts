import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, startFakeService } from './fake-service.ts'
import { createTempDist } from './temp-dist.ts'

export interface TestDashboard {
  url: string
  logs: string[]
  close(): Promise<void>
}

/** A production dashboard on a temporary build, talking to the given fake service. */
export async function startDashboardFor(
  service: FakeService,
  options: Partial<DashboardOptions> = {},
): Promise<TestDashboard> {
  const dist = await createTempDist()
  const logs: string[] = []
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    service: { baseUrl: service.url, ...fakeClient },
    log: (message) => logs.push(message),
    ...options,
  })
  return {
    url: dashboard.url,
    logs,
    async close() {
      await dashboard.close()
      await dist.remove()
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
