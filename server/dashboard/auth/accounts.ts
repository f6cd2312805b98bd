import { randomUUID } from 'node:crypto'
import type { Role } from '../../../src/api/roles.ts'
import type { AccountTable, DashboardDb } from '../db/database.ts'
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

/** Tries of a serializable transaction that another one kept failing (PostgreSQL's 40001). */
const maxAttempts = 10
const serializationFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '40001'

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

    /** A new password or a link to the OpenID provider's subject; roles change through changeAuthority. */
    async update(id: string, change: { password?: string; oidcSubject?: string }) {
      const set = {
        ...(change.password ? { password_hash: await hashPassword(change.password) } : {}),
        ...(change.oidcSubject ? { oidc_subject: change.oidcSubject } : {}),
      }
      if (Object.keys(set).length > 0)
        await db.updateTable('accounts').set(set).where('id', '=', id).execute()
      return this.byId(id)
    },

    /**
     * A role change or (de)activation, refused when it would leave no active admin: the check and
     * the change are one conditional UPDATE, so two admins demoting each other at once cannot both
     * succeed, on one server or across replicas.
     */
    async changeAuthority(
      id: string,
      change: { role?: Role; deactivated?: boolean },
    ): Promise<{ account: Account } | { refused: 'missing' | 'last-admin' }> {
      const losesAdmin =
        change.deactivated === true || (change.role !== undefined && change.role !== 'admin')
      const set = {
        ...(change.role ? { role: change.role } : {}),
        ...(change.deactivated === undefined
          ? {}
          : { deactivated_at: change.deactivated ? now().toISOString() : null }),
      }
      // PostgreSQL at READ COMMITTED would let both of two such UPDATEs see the other admin in
      // their snapshot and both commit (write skew). SERIALIZABLE detects that and fails one with
      // 40001, retried here, when it then sees the only admin left. Chosen over locking the admin
      // rows (SELECT … FOR UPDATE) because the same code then runs on SQLite, whose driver starts
      // a plain BEGIN: SQLite runs one writer at a time, which is serializable already.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db
            .transaction()
            .setIsolationLevel('serializable')
            .execute(async (trx) => {
              let update = trx.updateTable('accounts').set(set).where('id', '=', id)
              if (losesAdmin) {
                update = update.where((eb) =>
                  eb.or([
                    eb('role', '<>', 'admin'),
                    eb('deactivated_at', 'is not', null),
                    eb(
                      eb
                        .selectFrom('accounts as other')
                        .select((other) => other.fn.countAll().as('n'))
                        .where('other.role', '=', 'admin')
                        .where('other.deactivated_at', 'is', null)
                        .where('other.id', '<>', id),
                      '>',
                      0,
                    ),
                  ]),
                )
              }
              const { numUpdatedRows } = await update.executeTakeFirstOrThrow()
              const account = await trx
                .selectFrom('accounts')
                .select(publicColumns)
                .where('id', '=', id)
                .executeTakeFirst()
              if (!account) return { refused: 'missing' as const }
              return numUpdatedRows > 0n ? { account } : { refused: 'last-admin' as const }
            })
        } catch (error) {
          if (attempt < maxAttempts && serializationFailure(error)) continue
          throw error
        }
      }
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
