import { randomUUID } from 'node:crypto'
import type { AuditTable, DashboardDb } from '../db/database.ts'
import { csvLine } from '../http/csv.ts'

export type AuditEntry = Omit<AuditTable, 'seq'>

export interface AuditFilter {
  account?: string
  operation?: string
  /** `success` (2xx/3xx) or `failure` (4xx/5xx). */
  outcome?: 'success' | 'failure'
  from?: string
  to?: string
  /** Entries older than this entry's seq (the next page). */
  before?: number
  limit?: number
}

export function createAuditLog(db: DashboardDb, now: () => Date = () => new Date()) {
  function query(filter: AuditFilter) {
    let select = db.selectFrom('audit_log').selectAll()
    if (filter.account) select = select.where('account_email', '=', filter.account.toLowerCase())
    if (filter.operation) select = select.where('operation', '=', filter.operation)
    if (filter.outcome === 'success') select = select.where('status', '<', 400)
    if (filter.outcome === 'failure') select = select.where('status', '>=', 400)
    if (filter.from) select = select.where('at', '>=', filter.from)
    if (filter.to) select = select.where('at', '<', filter.to)
    if (filter.before) select = select.where('seq', '<', filter.before)
    return select.orderBy('seq', 'desc')
  }

  return {
    async record(entry: Omit<AuditEntry, 'id' | 'at'>) {
      await db
        .insertInto('audit_log')
        .values({ ...entry, id: randomUUID(), at: now().toISOString() })
        .execute()
    },
    async page(filter: AuditFilter) {
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200)
      const rows = await query(filter)
        .limit(limit + 1)
        .execute()
      const entries = rows.slice(0, limit).map((row) => ({ ...row, seq: Number(row.seq) }))
      return { entries, next: rows.length > limit ? (entries.at(-1)?.seq ?? null) : null }
    },
    /** Every matching entry, newest first, a batch at a time. */
    async *all(filter: AuditFilter) {
      let before = filter.before
      for (;;) {
        const { entries, next } = await this.page({ ...filter, before, limit: 200 })
        yield* entries
        if (next === null) return
        before = next
      }
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>

const columns = ['at', 'account_email', 'operation', 'method', 'path', 'status'] as const

export function csvHeader(): string {
  return `${columns.join(',')}\r\n`
}

export function csvRow(entry: AuditEntry): string {
  return csvLine(columns.map((column) => entry[column]))
}
