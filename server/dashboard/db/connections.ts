import Database from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'
import pg from 'pg'

// How the dashboard's database is opened: PostgreSQL's pool and SQLite's file, each set up once.

export function openPool(connectionString: string) {
  // bigint (counts, the audit log's bigserial seq) as a number, as SQLite gives it: every value
  // stored here is far below 2^53.
  const types = new pg.TypeOverrides()
  types.setTypeParser(pg.types.builtins.INT8, Number)
  const pool = new pg.Pool({ connectionString, max: 10, types })
  // An idle connection the server closed (a restart, a failover) is dropped and the next query
  // opens another: without a listener, the pool's 'error' event would end the process.
  pool.on('error', () => {})
  // The dashboard's queries are short, yet over 100,000 videos the planner's estimates pass the
  // JIT threshold: compiling took ~35 ms of a rule preview's ~40 ms query (bench:rules). Set per
  // session, not as a startup option, which poolers such as PgBouncer refuse.
  pool.on('connect', (client) => {
    client.query('SET jit = off').catch(() => {})
  })
  return pool
}

export function openSqlite(path: string) {
  const sqlite = new Database(path)
  sqlite.pragma('journal_mode = WAL')
  // Queries run on the event loop: with FULL, every audit entry waited for a disk flush there,
  // and a burst of refused sign-ins held /healthz up. In WAL, NORMAL never corrupts the file; a
  // power cut may lose the last moments' entries (SQLite's advice for WAL).
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.function('regexp', { deterministic: true }, sqlRegexp)
  return withStatementCache(sqlite)
}

/**
 * `sqlite` for Kysely, which prepares every query it runs: compiling the same few hundred
 * statements again and again was a tenth of the server's work in bench:live. Each SQL text is
 * prepared once and kept (the most recent `size`); a statement still being iterated by a stream
 * is not shared, its query gets one of its own.
 */
export function withStatementCache(sqlite: Database.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, Database.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql)
      if (kept && !kept.busy) {
        statements.delete(sql)
        statements.set(sql, kept)
        return kept
      }
      const statement = sqlite.prepare(sql)
      if (kept) return statement
      statements.set(sql, statement)
      if (statements.size > size) statements.delete(statements.keys().next().value ?? '')
      return statement
    },
  }
}

const compiledPatterns = new Map<string, RegExp>()

/**
 * `text REGEXP pattern` on SQLite: whether JavaScript's expression `pattern`, case-insensitive,
 * finds a match in `text` (never for null), as PostgreSQL's `~*` asks (the rules' conditions).
 * The index's read threads register the same function (read-worker-thread.mjs).
 */
export function sqlRegexp(pattern: unknown, text: unknown): 0 | 1 {
  if (typeof text !== 'string' || typeof pattern !== 'string') return 0
  let compiled = compiledPatterns.get(pattern)
  if (!compiled) {
    compiled = new RegExp(pattern, 'i')
    compiledPatterns.set(pattern, compiled)
    if (compiledPatterns.size > 500)
      compiledPatterns.delete(compiledPatterns.keys().next().value ?? '')
  }
  return compiled.test(text) ? 1 : 0
}
