import { Worker } from 'node:worker_threads'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import type { DashboardDb, DashboardTables } from '../db/database.ts'

/** The database the index's answers read from, and what closes it. */
export interface IndexReads {
  db: DashboardDb
  close(): Promise<void>
}

const threadScript = new URL('./read-worker-thread.mjs', import.meta.url)

type Answer = {
  id: number
  rows?: Record<string, unknown>[]
  changes?: number
  insertId?: number | bigint
  error?: { message: string; code?: string }
}

/** One worker thread and the queries it has not answered yet. */
function readThread(path: string) {
  const pending = new Map<
    number,
    { resolve: (result: QueryResult<never>) => void; reject: (error: Error) => void }
  >()
  let next = 0
  let failed: Error | null = null
  // None of the process's own options (a loader of TypeScript, a module preloaded): the thread
  // runs plain JavaScript and needs none.
  const worker = new Worker(threadScript, { workerData: { path }, execArgv: [] })
  // Only a query waiting for its answer keeps the process alive.
  worker.unref()
  const failAll = (error: Error) => {
    failed = error
    for (const each of pending.values()) each.reject(error)
    pending.clear()
  }
  worker.on('error', failAll)
  worker.on('exit', (code) =>
    failAll(new Error(`The index's read thread stopped (exit code ${code})`)),
  )
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id)
    if (!waiting) return
    pending.delete(answer.id)
    if (pending.size === 0) worker.unref()
    if (answer.error)
      return waiting.reject(
        Object.assign(new Error(answer.error.message), { code: answer.error.code }),
      )
    waiting.resolve({
      rows: (answer.rows ?? []) as never[],
      ...(answer.changes === undefined ? {} : { numAffectedRows: BigInt(answer.changes) }),
      ...(answer.insertId === undefined ? {} : { insertId: BigInt(answer.insertId) }),
    })
  })
  return {
    get failed() {
      return failed
    },
    get waiting() {
      return pending.size
    },
    run(query: CompiledQuery): Promise<QueryResult<never>> {
      if (failed) return Promise.reject(failed)
      const id = next++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        if (pending.size === 1) worker.ref()
        worker.postMessage({ id, sql: query.sql, parameters: query.parameters })
      })
    },
    stop: () => worker.terminate(),
  }
}

/** Kysely's driver over a few read threads: each query goes to the one with the least to do. */
function threadsDriver(path: string, count: number): Driver {
  let threads: ReturnType<typeof readThread>[] = []
  const connection: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      // A thread that stopped (it cannot open the file, say) is replaced at the next query.
      threads = threads.map((thread) => (thread.failed ? readThread(path) : thread))
      const idlest = threads.reduce((best, thread) =>
        thread.waiting < best.waiting ? thread : best,
      )
      return idlest.run(query)
    },
    streamQuery() {
      throw new Error("The index's reads are not streamed")
    },
  }
  const noTransactions = () => Promise.reject(new Error("The index's reads run no transactions"))
  return {
    async init() {
      threads = Array.from({ length: count }, () => readThread(path))
    },
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    async destroy() {
      await Promise.all(threads.map((thread) => thread.stop()))
    },
  }
}

/**
 * Where the index's answers read: on SQLite, worker threads with read-only connections of their
 * own (the database is in WAL mode, so they read while the main connection writes), since
 * better-sqlite3 runs a query on the thread that asks and a read of 100,000 videos would hold the
 * event loop for a fifth of a second; the same compiled queries run there. PostgreSQL is off the
 * event loop already, and an in-memory database cannot be shared: both read where they write.
 */
export function openIndexReads(
  location: { sqlitePath: string; databaseUrl?: string },
  db: DashboardDb,
  threads = 2,
): IndexReads {
  const postgres = /^postgres(ql)?:\/\//.test(location.databaseUrl ?? '')
  if (postgres || location.sqlitePath === ':memory:') return { db, close: async () => {} }
  const reads = new Kysely<DashboardTables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => threadsDriver(location.sqlitePath, threads),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  return { db: reads, close: () => reads.destroy() }
}
