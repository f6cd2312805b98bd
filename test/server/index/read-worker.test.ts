/**
 * The index's reads on SQLite run in a worker thread with its own read-only connection: a long
 * read leaves the event loop free (a server on it answers meanwhile), answers what the main
 * connection has committed, and cannot write.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { sendJson } from '../../../server/dashboard/http/json-response.ts'
import { type IndexReads, openIndexReads } from '../../../server/dashboard/index/read-worker.ts'

let dir: string
let db: DashboardDb
let reads: IndexReads
let server: Server
let healthz: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-worker-'))
  const sqlitePath = join(dir, 'dashboard.db')
  db = await openDashboardDb({ sqlitePath })
  reads = openIndexReads({ sqlitePath }, db)
  server = createServer((_req, res) => sendJson(res, 200, { status: 'ok' }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  healthz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await reads?.close()
  await db?.destroy()
  await rm(dir, { recursive: true, force: true })
})

// Counting this far takes SQLite about a second on this machine's cores.
const longRead = (on: DashboardDb) =>
  sql<{
    n: number
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 2000000) select count(*) as n from c`.execute(
    on,
  )

it('answers /healthz on the event loop while a long read runs', async () => {
  // The worker is up and its connection open before the long read starts.
  await sql`select 1`.execute(reads.db)
  let settled = false
  const read = longRead(reads.db).finally(() => {
    settled = true
  })
  const answers: number[] = []
  for (let round = 0; round < 3; round++) answers.push((await fetch(healthz)).status)
  expect(answers).toEqual([200, 200, 200])
  expect(settled).toBe(false)
  expect((await read).rows).toEqual([{ n: 2_000_000 }])
})

it('reads what the main connection committed, and cannot write', async () => {
  const row = { name: 'probe', value: '{}', updated_at: new Date().toISOString(), updated_by: 'a' }
  await db.insertInto('team_settings').values(row).execute()
  expect(await reads.db.selectFrom('team_settings').selectAll().execute()).toEqual([row])
  await expect(
    reads.db.deleteFrom('team_settings').where('name', '=', 'probe').execute(),
  ).rejects.toThrow(/readonly/)
  expect(await db.selectFrom('team_settings').select('name').execute()).toEqual([{ name: 'probe' }])
})

it('serves many reads at once, each with its own answer', async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, n) => sql<{ n: number }>`select ${n} as n`.execute(reads.db)),
  )
  expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(
    Array.from({ length: 40 }, (_, n) => n),
  )
})
