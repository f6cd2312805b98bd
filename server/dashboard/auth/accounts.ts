import { randomUUID } from 'node:crypto'
import type { Role } from '../../../src/api/roles.ts'
import type { AccountTable, DashboardDb } from './database.ts'
import { hashPassword } from './passwords.ts'

export type Account = Omit<AccountTable, 'password_hash'>

const publicColumns = [
  'id',
  'email',
  'role',
  'oidc_subject',
  'created_at',
  'deactivated_at',
] as const

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export class AccountExistsError extends Error {
  constructor(email: string) {
    super(`An account for ${email} already exists`)
  }
}

// The unique index on email refused a row: SQLite's and PostgreSQL's (23505) ways of saying so.
function duplicateEmail(error: unknown): boolean {
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return String(message).includes('accounts.email')
  return code === '23505' && String(detail).startsWith('Key (email)=')
}

export function createAccounts(db: DashboardDb, now: () => Date = () => new Date()) {
  return {
    async create(input: { email: string; role: Role; password?: string; oidcSubject?: string }) {
      const email = normalizeEmail(input.email)
      const existing = await db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      if (existing) throw new AccountExistsError(email)
      const account: AccountTable = {
        id: randomUUID(),
        email,
        password_hash: input.password ? await hashPassword(input.password) : null,
        role: input.role,
        oidc_subject: input.oidcSubject ?? null,
        created_at: now().toISOString(),
        deactivated_at: null,
      }
      // Another request (or replica) may make the same account between the check and here.
      await db
        .insertInto('accounts')
        .values(account)
        .execute()
        .catch((error: unknown) => {
          throw duplicateEmail(error) ? new AccountExistsError(email) : error
        })
      const { password_hash: _, ...visible } = account
      return visible as Account
    },

    /** The stored hash too: only for checking a password. */
    byEmailWithHash(email: string) {
      return db
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst()
    },

    byId(id: string): Promise<Account | undefined> {
      return db.selectFrom('accounts').select(publicColumns).where('id', '=', id).executeTakeFirst()
    },

    bySubject(subject: string): Promise<Account | undefined> {
      return db
        .selectFrom('accounts')
        .select(publicColumns)
        .where('oidc_subject', '=', subject)
        .executeTakeFirst()
    },

    list(): Promise<Account[]> {
      return db.selectFrom('accounts').select(publicColumns).orderBy('email').execute()
    },

    count: async () =>
      Number(
        (
          await db
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async update(
      id: string,
      change: { role?: Role; deactivated?: boolean; password?: string; oidcSubject?: string },
    ) {
      await db
        .updateTable('accounts')
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.deactivated === undefined
            ? {}
            : { deactivated_at: change.deactivated ? now().toISOString() : null }),
          ...(change.password ? { password_hash: await hashPassword(change.password) } : {}),
          ...(change.oidcSubject ? { oidc_subject: change.oidcSubject } : {}),
        })
        .where('id', '=', id)
        .execute()
      return this.byId(id)
    },

    /** Admins still able to sign in: the last one cannot be demoted or deactivated. */
    activeAdmins: async () =>
      Number(
        (
          await db
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('role', '=', 'admin')
            .where('deactivated_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  }
}

export type Accounts = ReturnType<typeof createAccounts>
