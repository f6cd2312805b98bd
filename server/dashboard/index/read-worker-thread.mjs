// A worker thread running the index's reads on its own read-only SQLite connection (read-worker.ts
// sends the queries Kysely compiled). Plain JavaScript, so it runs without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const db = new Database(workerData.path, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')

// `text REGEXP pattern`, as db/database.ts's sqlRegexp registers it on the main connection: the
// rules' conditions read here too.
const patterns = new Map()
db.function('regexp', { deterministic: true }, (pattern, text) => {
  if (typeof text !== 'string' || typeof pattern !== 'string') return 0
  let compiled = patterns.get(pattern)
  if (!compiled) {
    compiled = new RegExp(pattern, 'i')
    patterns.set(pattern, compiled)
    if (patterns.size > 500) patterns.delete(patterns.keys().next().value)
  }
  return compiled.test(text) ? 1 : 0
})

// Prepared once per text; a query with a list (`in (?, ?, …)`) has a text per length, so the
// oldest are let go past a few hundred.
const statements = new Map()
function prepared(sql) {
  let statement = statements.get(sql)
  if (!statement) {
    statement = db.prepare(sql)
    statements.set(sql, statement)
    if (statements.size > 300) statements.delete(statements.keys().next().value)
  }
  return statement
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepared(sql)
    if (statement.reader) {
      parentPort.postMessage({ id, rows: statement.all(parameters) })
    } else {
      const { changes, lastInsertRowid } = statement.run(parameters)
      parentPort.postMessage({ id, rows: [], changes, insertId: lastInsertRowid })
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message), code: error?.code } })
  }
})
