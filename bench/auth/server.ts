// The dashboard server for `npm run bench:auth`, in its own process (started with an IPC
// channel) so the benchmark's clients never share its event loop. It serves the embedded
// sandbox (unseeded) and a stand-in build, with the two accounts the benchmark signs in to. The
// server tells the benchmark, over IPC, each password check it starts: the count is the
// server's own, taken where the password check is queued to run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { areaMigrations } from '../../server/dashboard/areas.ts'
import { createAccounts } from '../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../server/dashboard/db/database.ts'
import { startDashboard } from '../../server/dashboard/start.ts'
// The benchmark asks for the server's host index over IPC (bench/reference/host-index.ts).
import '../reference/index-responder.ts'
import { benchAuthAccounts } from './accounts.ts'

const send = (message: object) => process.send?.(message)
const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'))
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Dashboard</title>')
const dashboardDb = join(dir, 'dashboard.db')
// With the areas' migrations, as the server opens it: once migrated without them, the database
// refuses them later (their names sort among the core ones).
const db = await openDashboardDb({ sqlitePath: dashboardDb, areas: areaMigrations })
for (const account of Object.values(benchAuthAccounts))
  await createAccounts(db).create({ ...account, role: 'editor' })
await db.destroy()

const dashboard = await startDashboard({
  port: 0,
  host: '127.0.0.1',
  mode: 'production',
  distDir: dir,
  dashboardDb,
  log: (message) => process.stderr.write(`server: ${message}\n`),
  // Only what goes wrong: a line for every request would be the benchmark's own load.
  logLevel: 'warn',
  sandbox: { port: 0, host: '127.0.0.1', db: ':memory:', dataDir: dir, seed: 'none', log() {} },
  signInThrottle: { onPasswordCheck: (email) => send({ passwordCheck: email }) },
})
send({ url: dashboard.url })

const stop = () => {
  dashboard.close().finally(() => {
    rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  })
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
process.once('disconnect', stop)
