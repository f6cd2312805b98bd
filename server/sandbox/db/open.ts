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
  return db
}
