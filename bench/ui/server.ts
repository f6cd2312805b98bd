// The dashboard server for the benchmarks that start one (bench/ui/harness.ts), in its own process
// so the benchmark's own work never queues behind the server's on one event loop, pointed at the
// sandbox in a process of its own (BENCH_SERVICE_URL) as a deployment is at the service. Also
// BENCH_UI_DIST (the built app to serve), BENCH_UI_DATA_DIR (where its database goes), PORT and
// SERVICE_WEBHOOK_SECRET; one JSON line on stdout says where the dashboard is once it is ready.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { areaMigrations } from '../../server/dashboard/areas.ts'
import { createAccounts } from '../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../server/dashboard/db/database.ts'
import { parseSecrets } from '../../server/dashboard/live/verify-signature.ts'
import { startDashboard } from '../../server/dashboard/start.ts'
import { demoClient } from '../../server/sandbox/seed/demo-client.ts'
// The benchmark asks for the server's host index over IPC (bench/reference/host-index.ts).
import '../reference/index-responder.ts'
import { benchAccount } from './account.ts'

const log = (message: string) => process.stderr.write(`server: ${message}\n`)

// The benchmark signs in as an admin of its own, in an account database beside the sandbox's.
const dashboardDb = join(process.env.BENCH_UI_DATA_DIR ?? '.', 'dashboard.db')
const account = { ...benchAccount, role: 'admin' as const }
// With the areas' migrations, as the server opens it: once migrated without them, the database
// refuses them later (their names sort among the core ones).
const db = await openDashboardDb({ sqlitePath: dashboardDb, areas: areaMigrations })
if (!(await createAccounts(db).byEmailWithHash(account.email)))
  await createAccounts(db).create(account)
await db.destroy()

const serviceUrl = process.env.BENCH_SERVICE_URL
if (!serviceUrl) throw new Error('bench/ui/server.ts needs BENCH_SERVICE_URL (the sandbox)')
const dashboard = await startDashboard({
  port: Number(process.env.PORT ?? 0),
  dashboardDb,
  host: '127.0.0.1',
  mode: 'production',
  distDir: process.env.BENCH_UI_DIST,
  log,
  // Only what goes wrong: a line for every request would be the benchmark's own load.
  logLevel: 'warn',
  ...(process.env.SERVICE_WEBHOOK_SECRET
    ? { webhookSecrets: parseSecrets(process.env.SERVICE_WEBHOOK_SECRET) }
    : {}),
  // The merchandising index (bench:index); off elsewhere, as in tests, unless asked for.
  ...(process.env.BENCH_INDEX === '1' ? { index: {} } : {}),
  ...(process.env.BENCH_STREAMS_PER_ACCOUNT
    ? { maxStreamsPerAccount: Number(process.env.BENCH_STREAMS_PER_ACCOUNT) }
    : {}),
  // The sandbox's seeded client, as bench/rules' replicas use it.
  service: { baseUrl: serviceUrl, ...demoClient },
})
process.stdout.write(
  `${JSON.stringify({ url: dashboard.url, serviceUrl: dashboard.serviceUrl })}\n`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    dashboard.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

// A benchmark measuring the server's memory asks with SIGUSR2: garbage is collected first, so
// what is written (to BENCH_MEMORY_FILE) is what the server holds.
process.on('SIGUSR2', () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  if (process.env.BENCH_MEMORY_FILE)
    writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()))
})
