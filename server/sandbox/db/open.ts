import { mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database
export type Statement = Database.Statement

const schema = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8')

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  // SQLite's lower() folds ASCII only; name searches must fold every script the way the app does.
  db.function('fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  )
  db.exec(schema)
  keepStatements(db)
  return db
}

/**
 * Routes prepare their statements as they run: compiling the same SQL on every request was a
 * tenth of the sandbox's time under a benchmark's load. Each SQL text is compiled once and kept
 * (the most recent 500); one still being iterated is not shared. Kept statements are shared, so
 * none may be put in another mode (`pluck`, `raw`, `expand`, `bind`).
 */
function keepStatements(db: Db, size = 500) {
  const compile = db.prepare.bind(db)
  const kept = new Map<string, Statement>()
  db.prepare = ((sql: string) => {
    const statement = kept.get(sql)
    if (statement && !statement.busy) {
      kept.delete(sql)
      kept.set(sql, statement)
      return statement
    }
    const fresh = compile(sql)
    if (statement) return fresh
    kept.set(sql, fresh)
    if (kept.size > size) kept.delete(kept.keys().next().value ?? '')
    return fresh
  }) as Db['prepare']
}
