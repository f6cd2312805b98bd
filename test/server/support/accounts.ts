import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/auth/database.ts'
import { hashPassword } from '../../../server/dashboard/auth/passwords.ts'
import type { Role } from '../../../src/api/roles.ts'

export interface TestAccount {
  email: string
  password: string
  role: Role
}

export const testPassword = 'correct horse battery staple'

// Fixture accounts store `testPassword` hashed with scrypt at N=2^10 (1 MiB, about 2 ms) rather
// than N=2^17 (128 MiB, about 800 ms here): sign-ins check them with the real code, which reads
// the parameters from the stored hash, and the suite saves hundreds of seconds of hashing.
// Passwords people choose in a test (invitations, changes, resets) get the real parameters.
const fixtureHash = hashPassword(testPassword, { cost: 2 ** 10, blockSize: 8, parallelization: 1 })

/** A fixture account whose password is `testPassword`, like `Accounts.create` makes one. */
export async function createTestAccount(db: DashboardDb, input: { email: string; role: Role }) {
  const account = await createAccounts(db).create(input)
  await db
    .updateTable('accounts')
    .set({ password_hash: await fixtureHash })
    .where('id', '=', account.id)
    .execute()
  return account
}

/** One account per role, as `npm run user:add` would create them, in the given database. */
export async function addAccounts(
  location: { sqlitePath: string; databaseUrl?: string },
  roles: readonly Role[] = ['admin'],
): Promise<Record<Role, TestAccount>> {
  const db = await openDashboardDb(location)
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
