import { randomUUID } from 'node:crypto'
import type { DashboardDb } from '../db/database.ts'
import { madeByActiveAdmin } from './link-makers.ts'
import { hashOfToken, newOneTimeToken } from './one-time-tokens.ts'

const RESET_MS = 24 * 60 * 60 * 1000

/**
 * One-time links an admin makes for someone to choose a new password. Like invitations, only the
 * token's hash is stored; an account has at most one open link, the newest.
 */
export function createPasswordResets(db: DashboardDb, now: () => Date = () => new Date()) {
  const open = (token: string) =>
    db
      .selectFrom('password_resets')
      .where('token_hash', '=', hashOfToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now().toISOString())
      .where(madeByActiveAdmin('password_resets'))
  const dropOpenLinksOf = (accountId: string) =>
    db
      .deleteFrom('password_resets')
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .execute()

  return {
    async create(input: { accountId: string; createdBy: string }) {
      const token = newOneTimeToken()
      const expiresAt = new Date(now().getTime() + RESET_MS).toISOString()
      await dropOpenLinksOf(input.accountId)
      await db
        .insertInto('password_resets')
        .values({
          id: randomUUID(),
          token_hash: hashOfToken(token),
          account_id: input.accountId,
          created_by: input.createdBy,
          created_at: now().toISOString(),
          expires_at: expiresAt,
          used_at: null,
        })
        .execute()
      return { token, expiresAt }
    },
    /** The link's account if it is unused and unexpired. */
    find(token: string) {
      return open(token)
        .select(['account_id as accountId', 'expires_at as expiresAt'])
        .executeTakeFirst()
    },
    /** Marks the link used and gives its account, or null if it cannot be used (any more). */
    async use(token: string): Promise<string | null> {
      const used = await db
        .updateTable('password_resets')
        .set({ used_at: now().toISOString() })
        .where('token_hash', '=', hashOfToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .where(madeByActiveAdmin('password_resets'))
        .returning('account_id')
        .executeTakeFirst()
      return used?.account_id ?? null
    },
    /** Ends the account's open link, if any: its password was just changed another way. */
    cancelFor: dropOpenLinksOf,
  }
}

export type PasswordResets = ReturnType<typeof createPasswordResets>
