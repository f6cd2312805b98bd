import { optionsFromEnv } from '../sandbox/config.ts'
import type { DashboardOptions } from './start.ts'
import { parseSecrets } from './webhooks/verify-signature.ts'

/** A mistake in the environment or the command line, told to the person starting the server. */
export class DashboardConfigError extends Error {}

const serviceVariables = ['SERVICE_BASE_URL', 'SERVICE_CLIENT_ID', 'SERVICE_CLIENT_SECRET'] as const

/**
 * PORT (default 5173), DASHBOARD_HOST (default 127.0.0.1), SERVICE_BASE_URL, SERVICE_CLIENT_ID and
 * SERVICE_CLIENT_SECRET (all or none; none starts the embedded sandbox, configured by its own
 * SANDBOX_* variables), optional SERVICE_SCOPE, and `--dev` for development mode.
 */
export function dashboardOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
): DashboardOptions {
  const unknown = args.filter((arg) => arg !== '--dev')
  if (unknown.length > 0) {
    throw new DashboardConfigError(`Unknown argument ${unknown.join(' ')}; the only flag is --dev`)
  }
  const options: DashboardOptions = {
    port: parsePort(env.PORT),
    host: env.DASHBOARD_HOST || '127.0.0.1',
    mode: args.includes('--dev') ? 'development' : 'production',
  }
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL
  if (env.SERVICE_WEBHOOK_SECRET) options.webhookSecrets = parseSecrets(env.SERVICE_WEBHOOK_SECRET)
  const service = serviceFromEnv(env)
  if (service) options.service = service
  else options.sandbox = optionsFromEnv(env)
  return options
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5173
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DashboardConfigError(`PORT must be a port number from 0 to 65535, not ${value}`)
  }
  return port
}

function serviceFromEnv(env: NodeJS.ProcessEnv): DashboardOptions['service'] {
  const missing = serviceVariables.filter((name) => !env[name])
  if (missing.length === serviceVariables.length) return undefined
  if (missing.length > 0) {
    throw new DashboardConfigError(
      `${serviceVariables.join(', ')} go together: set all three to use a video service, or none to use the embedded sandbox. Missing: ${missing.join(', ')}`,
    )
  }
  const baseUrl = env.SERVICE_BASE_URL ?? ''
  if (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new DashboardConfigError(
      `SERVICE_BASE_URL must be an http or https URL such as https://api.example.com, not ${baseUrl}`,
    )
  }
  return {
    baseUrl,
    clientId: env.SERVICE_CLIENT_ID ?? '',
    clientSecret: env.SERVICE_CLIENT_SECRET ?? '',
    ...(env.SERVICE_SCOPE ? { scope: env.SERVICE_SCOPE } : {}),
  }
}
