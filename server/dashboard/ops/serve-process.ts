import { DashboardConfigError, dashboardOptionsFromEnv } from '../env.ts'
import { MissingBuildError } from '../http/static-app.ts'
import type { DashboardOptions } from '../options.ts'
import { type RunningDashboard, startDashboard } from '../start.ts'

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

/**
 * The dashboard as a process (`npm start`): configured from the environment, its addresses told
 * to the person who started it, and closed gracefully on SIGTERM or SIGINT, exiting 0.
 */
export async function serveProcess(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  overrides: Partial<DashboardOptions> = {},
) {
  let dashboard: RunningDashboard
  try {
    const options = dashboardOptionsFromEnv(env, args)
    dashboard = await startDashboard({ ...options, createDemoAdmin: true, ...overrides })
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
}
