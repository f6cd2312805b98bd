import { randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../server/dashboard/auth/passwords.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { signInAs } from '../support/people.ts'

/** A hash as the dashboard stored them before argon2id: `scrypt$N$r$p$salt$key`. */
function legacyScryptHash(password: string) {
  const salt = randomBytes(16)
  const key = scryptSync(password, salt, 32, { cost: 2 ** 14, blockSize: 8, parallelization: 1 })
  return `scrypt$${2 ** 14}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
}

describe('password hashes', () => {
  it("are argon2id with OWASP's setting, and check only the password they were made from", async () => {
    const stored = await hashPassword('Ünïcode and spaces ok')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(await verifyPassword('Ünïcode and spaces ok', stored)).toBe(true)
    // The same text in another Unicode form (NFKC) is the same password.
    expect(await verifyPassword('Ünïcode and spaces ok'.normalize('NFD'), stored)).toBe(true)
    expect(await verifyPassword('ünïcode and spaces ok', stored)).toBe(false)
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('anything', 'not a hash')).toBe(false)
  })

  const running = dashboardWithFakeService('file')
  it('sign in with a scrypt hash stored by an earlier version, which is replaced by argon2id', async () => {
    const db = await openDashboardDb({ sqlitePath: running.dashboard.dashboardDb })
    const storedHash = () =>
      db
        .selectFrom('accounts')
        .select('password_hash')
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow()
        .then((row) => row.password_hash ?? '')
    try {
      await db
        .updateTable('accounts')
        .set({ password_hash: legacyScryptHash('an older password') })
        .where('email', '=', 'admin@example.com')
        .execute()
      const url = running.dashboard.url
      expect((await signInAs(url, 'admin@example.com', 'a wrong password')).status).toBe(401)
      expect(await storedHash()).toMatch(/^scrypt\$/)
      expect((await signInAs(url, 'admin@example.com', 'an older password')).status).toBe(204)
      expect(await storedHash()).toMatch(/^\$argon2id\$/)
      expect((await signInAs(url, 'admin@example.com', 'an older password')).status).toBe(204)
    } finally {
      await db.destroy()
    }
  })
})
