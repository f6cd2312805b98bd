import { createHash, randomBytes } from 'node:crypto'
import type { Role } from '../../../src/api/roles.ts'
import type { DashboardDb } from './database.ts'

const INVITE_MS = 7 * 24 * 60 * 60 * 1000
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

// Only the token's hash is stored: the link is shown once, to the admin who made it.
export function createInvites(db: DashboardDb, now: () => Date = () => new Date()) {
  return {
    async create(input: { email: string; role: Role; createdBy: string }) {
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(now().getTime() + INVITE_MS).toISOString()
      await db
        .insertInto('invites')
        .values({
          token_hash: hashOf(token),
          email: input.email,
          role: input.role,
          created_by: input.createdBy,
          created_at: now().toISOString(),
          expires_at: expiresAt,
          used_at: null,
        })
        .execute()
      return { token, expiresAt }
    },
    /** The invite if it is unused and unexpired. */
    find(token: string) {
      return db
        .selectFrom('invites')
        .select(['email', 'role', 'expires_at'])
        .where('token_hash', '=', hashOf(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst()
    },
    /** Marks the invite used; false if another request used it first. */
    async use(token: string): Promise<boolean> {
      const result = await db
        .updateTable('invites')
        .set({ used_at: now().toISOString() })
        .where('token_hash', '=', hashOf(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}

export type Invites = ReturnType<typeof createInvites>
