import type { Transaction } from 'kysely'
import type { DashboardDb, DashboardTables } from './database.ts'

/** Tries of a serializable transaction that another one kept failing (PostgreSQL's 40001). */
const maxAttempts = 10
const serializationFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '40001'

/**
 * `work` in a SERIALIZABLE transaction, tried again when PostgreSQL fails it for a concurrent one:
 * a count read and a write made on it then hold together (no write skew). SQLite, whose driver
 * starts a plain BEGIN, runs one writer at a time, which is serializable already.
 */
export async function serializable<T>(
  db: DashboardDb,
  work: (trx: Transaction<DashboardTables>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work)
    } catch (error) {
      if (attempt < maxAttempts && serializationFailure(error)) continue
      throw error
    }
  }
}
