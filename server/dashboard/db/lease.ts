import type { DashboardDb } from './database.ts'

export interface Lease {
  /** Takes the lease, or renews it for its holder; false while another holder's is unexpired. */
  take(): Promise<boolean>
  release(): Promise<void>
}

// A row of index_leases in the shared database, so replicas on one PostgreSQL (or processes on one
// SQLite file) agree without Redis. The update only succeeds for the holder or over an expired
// lease; the insert only for the first taker: each is one atomic statement on either database.
export function createLease(
  db: DashboardDb,
  name: string,
  holder: string,
  options: { ttlMs: number; now?: () => number },
): Lease {
  const now = options.now ?? Date.now
  return {
    async take() {
      const at = now()
      const renewed = await db
        .updateTable('index_leases')
        .set({ holder, expires_at: at + options.ttlMs })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', at)]))
        .executeTakeFirst()
      if (Number(renewed.numUpdatedRows) > 0) return true
      const inserted = await db
        .insertInto('index_leases')
        .values({ name, holder, expires_at: at + options.ttlMs })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .executeTakeFirst()
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
    },
    async release() {
      await db
        .deleteFrom('index_leases')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute()
    },
  }
}
