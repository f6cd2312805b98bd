import type { Role } from '@/api/roles.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'

export interface TestAccount {
  email: string
  password: string
  role: Role
}

export const testPassword = 'correct horse battery staple'

/** A fixture account whose password is `testPassword`. */
export const createTestAccount = (db: DashboardDb, input: { email: string; role: Role }) =>
  createAccounts(db).create({ ...input, password: testPassword })

/** One account per role, as `npm run user:add` would create them, in the given database. */
export async function addAccounts(
  location: { sqlitePath: string; databaseUrl?: string },
  roles: readonly Role[] = ['admin'],
): Promise<Record<Role, TestAccount>> {
  // With the areas' migrations, as the dashboard opens it: a database migrated without them
  // first has a later core migration (0013) before theirs (0010), which the migrator refuses.
  const db = await openDashboardDb({ ...location, areas: areaMigrations })
  const made = {} as Record<Role, TestAccount>
  try {
    for (const role of roles) {
      const account = { email: `${role}@example.com`, password: testPassword, role }
      await createTestAccount(db, account)
      made[role] = account
    }
  } finally {
    await db.destroy()
  }
  return made
}

/** Signs in over HTTP and gives the headers a signed-in browser's state-changing call sends. */
export async function signIn(dashboardUrl: string, account: TestAccount) {
  const response = await fetch(`${dashboardUrl}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (response.status !== 204)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? ''
  return { cookie, origin: dashboardUrl, 'x-dashboard-request': '1' }
}
