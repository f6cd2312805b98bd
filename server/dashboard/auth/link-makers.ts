import type { ExpressionBuilder } from 'kysely'
import type { DashboardTables } from '../db/database.ts'

/**
 * Invitations and reset links act with their maker's authority, so they end with it: a link
 * works only while the admin who made it is still an active admin (demoted or deactivated, their
 * links answer as revoked ones do, and work again only if their rights come back).
 */
export const madeByActiveAdmin =
  (table: 'invites' | 'password_resets') =>
  (eb: ExpressionBuilder<DashboardTables, typeof table>) =>
    eb.exists(
      eb
        .selectFrom('accounts as maker')
        .select('maker.id')
        .whereRef('maker.id', '=', `${table}.created_by`)
        .where('maker.role', '=', 'admin')
        .where('maker.deactivated_at', 'is', null),
    )
