import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient } from './fake-service.ts'
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
