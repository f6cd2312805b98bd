import type { Transaction } from 'kysely'
import type { DashboardTables } from '../db/database.ts'

/**
 * The most views each group keeps. Every teammate's sidebar lists all the shared views and their
 * own, and every page loads that list: 50 own views is several times what anyone picks from a
 * list, and 100 shared ones leaves the team room for a view per campaign or store while the list
 * stays one to scan (at most 150 views, about 1.2 MB with the longest searches).
 */
export const savedViewCaps = { own: 50, shared: 100 } as const

/** The group a view is listed in: the team's shared views, or its owner's own. */
export interface ViewGroup {
  shared: boolean
  ownerId: string
}

/** Why a view cannot join its group, or null while the group has room. */
export async function fullGroup(trx: Transaction<DashboardTables>, group: ViewGroup) {
  let count = trx
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shared', '=', group.shared ? 1 : 0)
  if (!group.shared) count = count.where('owner_id', '=', group.ownerId)
  const { n } = await count.executeTakeFirstOrThrow()
  const cap = group.shared ? savedViewCaps.shared : savedViewCaps.own
  return Number(n) >= cap ? { refused: 'full' as const, shared: group.shared, cap } : null
}
