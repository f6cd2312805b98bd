import { afterAll, beforeAll } from 'vitest'
import type { Role } from '@/api/roles.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import type { bothDatabases, DatabaseLocation as Location } from '../support/both-databases.ts'

export /** Two editors, an admin and a viewer. */
const people = { ana: 'editor', bo: 'editor', admin: 'admin', vic: 'viewer' } as const
export type Person = keyof typeof people

export interface ViewsDashboard {
  /** One request as `who`, sent the way the app sends it (JSON, its origin, X-Dashboard-Request). */
  as(who: Person, method: string, path: string, body?: unknown): Promise<RawResponse>
  /** Audit entries of one operation, newest first, as the admin reads them. */
  audit(operation: string): Promise<Array<{ account_email: string; path: string; status: number }>>
  /** The signed-in headers of `who`: their session cookie, the page's origin, the app's header. */
  sessionOf(who: Person): Record<string, string>
  url: string
  close(): Promise<void>
}

/** A production dashboard (fake service, no index) with the people above signed in. */
export async function startViewsDashboard(location: Location): Promise<ViewsDashboard> {
  const db = await openDashboardDb(location)
  for (const [name, role] of Object.entries(people))
    await createTestAccount(db, { email: `${name}@example.com`, role: role as Role })
  await db.destroy()
  const [service, dist] = await Promise.all([startFakeService(), createTempDist()])
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb: location.sqlitePath,
    ...(location.databaseUrl ? { databaseUrl: location.databaseUrl } : {}),
    service: { baseUrl: service.url, ...fakeClient },
    log: () => {},
  })
  const sessions = {} as Record<Person, Record<string, string>>
  for (const [name, role] of Object.entries(people))
    sessions[name as Person] = await signIn(dashboard.url, {
      email: `${name}@example.com`,
      password: testPassword,
      role,
    })
  const as: ViewsDashboard['as'] = (who, method, path, body) =>
    send(dashboard.url, path, {
      method,
      headers: { ...sessions[who], 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  return {
    url: dashboard.url,
    as,
    sessionOf: (who) => sessions[who],
    audit: async (operation) =>
      (await as('admin', 'GET', `/auth/audit?operation=${operation}`)).json().entries,
    async close() {
      await dashboard.close()
      await Promise.all([service.close(), dist.remove()])
    },
  }
}

/**
 * For a `describe` block: a views dashboard on the database `start` gives, up for its tests. The
 * dashboard is read through the returned getter once the tests run.
 */
export function viewsDashboardOn(start: (typeof bothDatabases)[number]['start']) {
  let database: Awaited<ReturnType<typeof start>> | undefined
  let dashboard: ViewsDashboard | undefined
  beforeAll(async () => {
    database = await start()
    dashboard = await startViewsDashboard(database.location)
  })
  afterAll(async () => {
    await dashboard?.close()
    await database?.stop()
  })
  return () => {
    if (!dashboard) throw new Error('the views dashboard is not up')
    return dashboard
  }
}
