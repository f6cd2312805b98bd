// First: the modules below may warn as they load.
import './process-warnings.ts'
import { dirname } from 'node:path'
import { defaultDashboardDb } from '../db/database.ts'
import { DashboardConfigError, dashboardOptionsFromEnv } from '../env.ts'
import { MissingBuildError } from '../http/static-app.ts'
import type { DashboardOptions } from '../options.ts'
import { type RunningDashboard, startDashboard } from '../start.ts'
import { processOutput } from './process-output.ts'

type Output = ReturnType<typeof processOutput>

function fail(output: Output, error: unknown): never {
  const known = error instanceof DashboardConfigError || error instanceof MissingBuildError
  const code = (error as NodeJS.ErrnoException).code
  if (known) output.fatal(`Error: ${(error as Error).message}`)
  else if (code === 'EADDRINUSE') {
    output.fatal(
      `Error: ${(error as Error).message}. Choose other ports with PORT and SANDBOX_PORT.`,
    )
  } else output.fatal('the dashboard stopped on an error', error)
  process.exit(1)
}

// The demo admin's password file goes beside the account database (`.data/` by default).
const passwordDirFor = (dashboardDb: string | undefined) =>
  dirname(dashboardDb && dashboardDb !== ':memory:' ? dashboardDb : defaultDashboardDb)

/**
 * The dashboard as a process (`npm start`): configured from the environment, its addresses told
 * to the person who started it (or logged, off a terminal: `process-output.ts`), and closed
 * gracefully on SIGTERM or SIGINT, exiting 0.
 */
export async function serveProcess(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  overrides: Partial<DashboardOptions> = {},
) {
  const output = processOutput(process.stdout, passwordDirFor(env.DASHBOARD_DB))
  if (!output.terminal) {
    // A crash is a log line too, not a bare stack trace among them.
    process.once('uncaughtException', (error) => fail(output, error))
    process.once('unhandledRejection', (reason) => fail(output, reason))
  }
  let dashboard: RunningDashboard
  try {
    const options = dashboardOptionsFromEnv(env, args)
    dashboard = await startDashboard({
      ...options,
      createDemoAdmin: true,
      log: output.log,
      announce: output.announce,
      ...overrides,
    })
    output.listening(dashboard.url, { url: dashboard.serviceUrl, sandbox: !options.service })
  } catch (error) {
    fail(output, error)
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      dashboard.close().then(
        () => process.exit(0),
        (error: unknown) => fail(output, error),
      )
    })
  }
}
