import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { AuditTable, DashboardDb } from '../db/database.ts'
import { csvLine } from '../http/csv.ts'

/** An entry as admins read it. */
export type AuditEntry = Omit<AuditTable, 'seq' | 'summary_key' | 'count'> & { count: number }
/** What a route records: one request, and what its refusals are summarised by if not the email. */
export type AuditRecord = Omit<AuditEntry, 'id' | 'at' | 'count'> & { summarise?: string }

// Every text stored is bounded, whatever a request sent: an email's longest legal form (RFC 5321),
// a path far longer than any route's, and names and ids the dashboard gives itself.
const caps = { account_id: 64, account_email: 254, operation: 100, method: 16, path: 1024 }
const capped = (text: string, cap: number) =>
  text.length > cap ? `${text.slice(0, cap - 1)}…` : text

// Refused sign-ins cost a client nothing to send: they are counted in one row per attempted
// address and minute, or per client address and minute once the limits refuse that client (the
// row keeps the first address it tried), so a flood adds rows no faster than minutes pass.
const summarised = new Set(['dashboard.signInFailed', 'dashboard.signInLimited'])

// A digest: the key may hold a client's address, which the log has no reason to keep.
const summaryKey = (text: string) => createHash('sha256').update(text).digest('base64url')

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
    let select = db
      .selectFrom('audit_log')
      .select(['seq', 'id', 'at', 'account_id', 'account_email', 'operation', 'method', 'path'])
      .select(['status', 'count'])
    if (filter.account) select = select.where('account_email', '=', filter.account.toLowerCase())
    if (filter.operation) select = select.where('operation', '=', filter.operation)
    if (filter.outcome === 'success') select = select.where('status', '<', 400)
    if (filter.outcome === 'failure') select = select.where('status', '>=', 400)
    if (filter.from) select = select.where('at', '>=', filter.from)
    if (filter.to) select = select.where('at', '<', filter.to)
    if (filter.before) select = select.where('seq', '<', filter.before)
    return select.orderBy('seq', 'desc')
  }

  // Most answers are sent before their entry is written (the trail records what was answered).
  // A read waits for the entries still being written, so an admin reading the log sees every
  // answer this server had given when the read came: on PostgreSQL the read could otherwise
  // overtake the write on another connection of the pool.
  const writing = new Set<Promise<void>>()
  const written = () => Promise.allSettled(writing)

  async function write(entry: AuditRecord) {
    const at = now().toISOString()
    const row = {
      account_id: capped(entry.account_id, caps.account_id),
      account_email: capped(entry.account_email, caps.account_email),
      operation: capped(entry.operation, caps.operation),
      method: capped(entry.method, caps.method),
      path: capped(entry.path, caps.path),
      status: entry.status,
      id: randomUUID(),
      at,
    }
    if (!summarised.has(row.operation)) {
      await db.insertInto('audit_log').values(row).execute()
      return
    }
    const minute = at.slice(0, 16)
    await db
      .insertInto('audit_log')
      .values({
        ...row,
        summary_key: summaryKey(
          `${row.operation} ${row.status} ${minute} ${entry.summarise ?? row.account_email}`,
        ),
      })
      .onConflict((conflict) =>
        conflict
          .column('summary_key')
          .doUpdateSet({ count: sql<number>`${sql.ref('audit_log.count')} + 1` }),
      )
      .execute()
  }

  return {
    record(entry: AuditRecord): Promise<void> {
      const done = write(entry)
      writing.add(done)
      const forget = () => writing.delete(done)
      done.then(forget, forget)
      return done
    },
    async page(filter: AuditFilter) {
      await written()
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200)
      const rows = await query(filter)
        .limit(limit + 1)
        .execute()
      const entries = rows
        .slice(0, limit)
        .map((row) => ({ ...row, seq: Number(row.seq), count: Number(row.count) }))
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

const columns = ['at', 'account_email', 'operation', 'method', 'path', 'status', 'count'] as const

export function csvHeader(): string {
  return `${columns.join(',')}\r\n`
}

export function csvRow(entry: AuditEntry): string {
  return csvLine(columns.map((column) => entry[column]))
}
