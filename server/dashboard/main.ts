import { DashboardConfigError, dashboardOptionsFromEnv } from './env.ts'
import { MissingBuildError } from './http/static-app.ts'
import { type RunningDashboard, startDashboard } from './start.ts'

function fail(error: unknown): never {
  const known = error instanceof DashboardConfigError || error instanceof MissingBuildError
  const code = (error as NodeJS.ErrnoException).code
  if (known) console.error(`Error: ${(error as Error).message}`)
  else if (code === 'EADDRINUSE') {
    console.error(
      `Error: ${(error as Error).message}. Choose other ports with PORT and SANDBOX_PORT.`,
    )
  } else console.error(error)
  process.exit(1)
}

let dashboard: RunningDashboard
try {
  const options = dashboardOptionsFromEnv(process.env, process.argv.slice(2))
  dashboard = await startDashboard({ ...options, createDemoAdmin: true })
  console.log(`Dashboard: ${dashboard.url}`)
  console.log(`${options.service ? 'Video service' : 'Sandbox service'}: ${dashboard.serviceUrl}`)
} catch (error) {
  fail(error)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    dashboard.close().then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    )
  })
}
