import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Role } from '@/api/roles.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import { startPostgresServer } from '../support/postgres-server.ts'

type Location = { sqlitePath: string; databaseUrl?: string }

/** The saved views' tests run on both databases: names are kept unique by partial indexes. */
export const databases: Array<{
  name: string
  start(): Promise<{ location: Location; stop(): Promise<void> }>
}> = [
  {
    name: 'SQLite',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'saved-views-'))
      return {
        location: { sqlitePath: join(dir, 'dashboard.db') },
        stop: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'PostgreSQL',
    async start() {
      const server = await startPostgresServer()
      return { location: { sqlitePath: ':memory:', databaseUrl: server.url }, stop: server.stop }
    },
  },
]

/** Two editors, an admin and a viewer. */
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
