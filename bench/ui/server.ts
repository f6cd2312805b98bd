// The dashboard server and its embedded sandbox for the benchmarks, in their own process so the
// benchmark's own work never queues behind the server's on one event loop. Configured by the
// usual SANDBOX_* variables plus BENCH_UI_DIST (the built app to serve); both servers pick free
// loopback ports, and one JSON line on stdout says where the dashboard is once it is ready.
// With BENCH_SERVICE_PROCESS=1 the sandbox runs in a process of its own, as the real service runs
// apart from the dashboard: embedded, its work (a thumbnail drawn for each seeded video that
// finishes processing) held the dashboard's answers to the page back by up to 44 ms.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAccounts } from '../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../server/dashboard/auth/database.ts'
import { parseSecrets } from '../../server/dashboard/live/verify-signature.ts'
import { startDashboard } from '../../server/dashboard/start.ts'
import { optionsFromEnv } from '../../server/sandbox/config.ts'
import { benchAccount } from './account.ts'
import { freeLoopbackPort, startServiceProcess } from './service-process.ts'

const log = (message: string) => process.stderr.write(`server: ${message}\n`)
const quiet = () => {}

// The benchmark signs in as an admin of its own, in an account database beside the sandbox's.
const dashboardDb = join(process.env.SANDBOX_DATA_DIR ?? '.', 'dashboard.db')
const account = { ...benchAccount, role: 'admin' as const }
const db = await openDashboardDb({ sqlitePath: dashboardDb })
if (!(await createAccounts(db).byEmailWithHash(account.email)))
  await createAccounts(db).create(account)
await db.destroy()

const separate = process.env.BENCH_SERVICE_PROCESS === '1'
const port = separate ? await freeLoopbackPort() : 0
const service = separate
  ? await startServiceProcess(
      fileURLToPath(new URL('../../', import.meta.url)),
      `http://127.0.0.1:${port}/webhooks/service`,
    )
  : null
const dashboard = await startDashboard({
  port,
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
  ...(service ? { webhookSecrets: [service.webhookSecret] } : {}),
  ...(process.env.BENCH_STREAMS_PER_ACCOUNT
    ? { maxStreamsPerAccount: Number(process.env.BENCH_STREAMS_PER_ACCOUNT) }
    : {}),
  ...(service
    ? { service: { baseUrl: service.url, clientId: 'demo', clientSecret: 'demo-secret' } }
    : { sandbox: { ...optionsFromEnv(process.env), port: 0, host: '127.0.0.1', log: quiet } }),
})
// The loopback address the dashboard listens on (given a port, it would name itself localhost).
const url = separate ? `http://127.0.0.1:${port}` : dashboard.url
process.stdout.write(`${JSON.stringify({ url, serviceUrl: dashboard.serviceUrl })}\n`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([dashboard.close(), service?.stop()]).then(
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
