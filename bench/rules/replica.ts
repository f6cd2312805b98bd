// One dashboard replica for `npm run bench:rules`, in its own process as a deployment runs it:
// the service is the benchmark's sandbox (through its recording proxy), the data is in the shared
// PostgreSQL, and sessions and webhook dedup in the shared Redis. One JSON line on stdout says
// where it listens once it is ready; it answers the benchmark's request for its host index (IPC).
import { parseSecrets } from '../../server/dashboard/live/verify-signature.ts'
import { startDashboard } from '../../server/dashboard/start.ts'
import { demoClient } from '../../server/sandbox/seed/demo-client.ts'
import '../reference/index-responder.ts'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`bench/rules/replica.ts needs ${name}`)
  return value
}
const optional = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)

const sweepEveryMs = optional('BENCH_RULES_SWEEP_MS')
const leaseTtlMs = optional('BENCH_RULES_LEASE_MS')
const dashboard = await startDashboard({
  port: 0,
  host: '127.0.0.1',
  mode: 'production',
  distDir: env('BENCH_RULES_DIST'),
  // Only what goes wrong: a line for every request would be the benchmark's own load.
  log: (line) => process.stderr.write(`replica ${env('BENCH_RULES_REPLICA')}: ${line}\n`),
  logLevel: 'warn',
  service: {
    baseUrl: env('BENCH_RULES_SERVICE_URL'),
    ...demoClient,
  },
  // Everything is in the shared PostgreSQL: no SQLite file is written.
  dashboardDb: ':memory:',
  databaseUrl: env('BENCH_RULES_DATABASE_URL'),
  redisUrl: env('BENCH_RULES_REDIS_URL'),
  webhookSecrets: parseSecrets(env('BENCH_RULES_WEBHOOK_SECRET')),
  index: {},
  rules: {
    ...(sweepEveryMs ? { sweepEveryMs } : {}),
    ...(leaseTtlMs ? { leaseTtlMs } : {}),
  },
})
process.stdout.write(`${JSON.stringify({ url: dashboard.url })}\n`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    dashboard.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
