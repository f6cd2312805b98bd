import { randomUUID } from 'node:crypto'
import type { Role } from '../../../src/api/roles.ts'
import type { DashboardDb } from '../db/database.ts'
import { madeByActiveAdmin } from './link-makers.ts'
import { hashOfToken, newOneTimeToken } from './one-time-tokens.ts'

const INVITE_MS = 7 * 24 * 60 * 60 * 1000

// Only the token's hash is stored: the link is shown once, to the admin who made it. Admins name
// an invitation by its id, which opens nothing.
export function createInvites(db: DashboardDb, now: () => Date = () => new Date()) {
  const open = () =>
    db
      .selectFrom('invites')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now().toISOString())
      .where(madeByActiveAdmin('invites'))
  return {
    async create(input: { email: string; role: Role; createdBy: string }) {
      const id = randomUUID()
      const token = newOneTimeToken()
      const expiresAt = new Date(now().getTime() + INVITE_MS).toISOString()
      await db
        .insertInto('invites')
        .values({
          id,
          token_hash: hashOfToken(token),
          email: input.email,
          role: input.role,
          created_by: input.createdBy,
          created_at: now().toISOString(),
          expires_at: expiresAt,
          used_at: null,
        })
        .execute()
      return { id, token, expiresAt }
    },
    /** The invite if it is unused and unexpired. */
    find(token: string) {
      return open()
        .select(['email', 'role', 'expires_at'])
        .where('token_hash', '=', hashOfToken(token))
        .executeTakeFirst()
    },
    /** Marks the invite used; false if another request used it first. */
    async use(token: string): Promise<boolean> {
      const result = await db
        .updateTable('invites')
        .set({ used_at: now().toISOString() })
        .where('token_hash', '=', hashOfToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .where(madeByActiveAdmin('invites'))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    /** Unused, unexpired invitations, newest first, with the email of the admin who made each. */
    listOpen() {
      return open()
        .leftJoin('accounts', 'accounts.id', 'invites.created_by')
        .select([
          'invites.id as id',
          'invites.email as email',
          'invites.role as role',
          'accounts.email as createdBy',
          'invites.created_at as createdAt',
          'invites.expires_at as expiresAt',
        ])
        .orderBy('invites.expires_at', 'desc')
        .execute()
    },
    /** Ends an open invitation; false if there is none with this id (used, expired or gone). */
    async revoke(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('invites')
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },
  }
}

export type Invites = ReturnType<typeof createInvites>
