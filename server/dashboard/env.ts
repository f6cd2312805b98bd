import { optionsFromEnv } from '../sandbox/config.ts'
import { oidcFromEnv } from './auth/oidc-config.ts'
import { defaultSessionLifetimes, type SessionLifetimes } from './auth/sessions.ts'
import { DashboardConfigError } from './config-error.ts'
import { isLoopbackHost } from './http/host-check.ts'
import { parseSecrets } from './live/verify-signature.ts'
import { isLogLevel, type LogLevel, logLevels } from './ops/logger.ts'
import type { DashboardOptions } from './start.ts'

export { DashboardConfigError }

const serviceVariables = ['SERVICE_BASE_URL', 'SERVICE_CLIENT_ID', 'SERVICE_CLIENT_SECRET'] as const

/**
 * PORT (default 5173), DASHBOARD_HOST (default 127.0.0.1), SERVICE_BASE_URL, SERVICE_CLIENT_ID and
 * SERVICE_CLIENT_SECRET (all or none; none starts the embedded sandbox, configured by its own
 * SANDBOX_* variables), optional SERVICE_SCOPE, REDIS_URL, SERVICE_WEBHOOK_SECRET, DASHBOARD_DB,
 * DATABASE_URL, DASHBOARD_PUBLIC_URL, TRUST_PROXY, SERVICE_STORAGE_ORIGINS, SESSION_IDLE_MINUTES and
 * SESSION_MAX_HOURS, the OIDC_* variables of sign-in through an OpenID provider, LOG_LEVEL,
 * METRICS_TOKEN, and `--dev` for development mode.
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
    logLevel: logLevel(env.LOG_LEVEL),
  }
  if (env.METRICS_TOKEN) options.metricsToken = metricsToken(env.METRICS_TOKEN)
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL
  if (env.DASHBOARD_DB) options.dashboardDb = env.DASHBOARD_DB
  if (env.DATABASE_URL) options.databaseUrl = databaseUrl(env.DATABASE_URL)
  options.index = env.INDEX_RECONCILE_MINUTES
    ? { reconcileEveryMs: reconcileMinutes(env.INDEX_RECONCILE_MINUTES) * 60_000 }
    : {}
  if (env.DASHBOARD_PUBLIC_URL) options.publicUrl = publicUrl(env.DASHBOARD_PUBLIC_URL)
  if (env.SERVICE_STORAGE_ORIGINS) options.storageOrigins = origins(env.SERVICE_STORAGE_ORIGINS)
  if (env.TRUST_PROXY)
    options.trustProxy = ['1', 'true', 'yes'].includes(env.TRUST_PROXY.toLowerCase())
  const sessionLifetimes = sessionLifetimesFromEnv(env)
  if (sessionLifetimes) options.sessionLifetimes = sessionLifetimes
  if (env.SERVICE_WEBHOOK_SECRET) options.webhookSecrets = parseSecrets(env.SERVICE_WEBHOOK_SECRET)
  const oidc = oidcFromEnv(env)
  if (oidc) options.oidc = oidc
  const service = serviceFromEnv(env)
  if (service) options.service = service
  else options.sandbox = optionsFromEnv(env)
  return options
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info'
  const level = value.toLowerCase()
  if (!isLogLevel(level)) {
    throw new DashboardConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, not ${value}`)
  }
  return level
}

function reconcileMinutes(value: string): number {
  const minutes = Number(value)
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) {
    throw new DashboardConfigError(
      `INDEX_RECONCILE_MINUTES must be a whole number of minutes from 1 to 1440, not ${value}`,
    )
  }
  return minutes
}

function metricsToken(value: string): string {
  if (!/^\S{16,}$/.test(value)) {
    throw new DashboardConfigError(
      'METRICS_TOKEN must be at least 16 characters without spaces, such as the output of openssl rand -hex 32',
    )
  }
  return value
}

function databaseUrl(value: string): string {
  if (!/^postgres(ql)?:\/\//.test(value) || !URL.canParse(value)) {
    throw new DashboardConfigError(
      `DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@db.internal/dashboard; leave it unset to use the SQLite file DASHBOARD_DB`,
    )
  }
  return value
}

function origins(value: string): string[] {
  return value.split(',').map((entry) => {
    const url = URL.canParse(entry.trim()) ? new URL(entry.trim()) : null
    if (url?.protocol !== 'https:') {
      throw new DashboardConfigError(
        `SERVICE_STORAGE_ORIGINS lists https origins separated by commas, such as https://uploads.example.com; ${entry.trim()} is not one`,
      )
    }
    return url.origin
  })
}

function publicUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.pathname !== '/' ||
    url.search ||
    url.username
  ) {
    throw new DashboardConfigError(
      `DASHBOARD_PUBLIC_URL must be the origin people open, such as https://videos.example.com, not ${value}`,
    )
  }
  return url.origin
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5173
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DashboardConfigError(`PORT must be a port number from 0 to 65535, not ${value}`)
  }
  return port
}

const minuteMs = 60 * 1000
const hourMs = 60 * minuteMs

function sessionLifetimesFromEnv(env: NodeJS.ProcessEnv): SessionLifetimes | undefined {
  const idle = env.SESSION_IDLE_MINUTES
  const max = env.SESSION_MAX_HOURS
  if (!idle && !max) return undefined
  const idleMs = idle
    ? wholeNumber(idle, 1, 24 * 60, 'SESSION_IDLE_MINUTES', 'minutes from 1 to 1440') * minuteMs
    : defaultSessionLifetimes.idleMs
  const absoluteMs = max
    ? wholeNumber(max, 1, 30 * 24, 'SESSION_MAX_HOURS', 'hours from 1 to 720 (30 days)') * hourMs
    : defaultSessionLifetimes.absoluteMs
  if (idleMs > absoluteMs) {
    const hours = `${absoluteMs / hourMs} hours${max ? '' : ', the default'}`
    throw new DashboardConfigError(
      `SESSION_IDLE_MINUTES (${idleMs / minuteMs}) is longer than SESSION_MAX_HOURS (${hours}): every session ends by then anyway. Lower SESSION_IDLE_MINUTES or raise SESSION_MAX_HOURS`,
    )
  }
  return { idleMs, absoluteMs }
}

function wholeNumber(value: string, min: number, max: number, name: string, what: string) {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!(number >= min && number <= max)) {
    throw new DashboardConfigError(`${name} must be a whole number of ${what}, not ${value}`)
  }
  return number
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
  // The client secret and every token travel to this address: only https, or this machine.
  const { protocol, hostname } = new URL(baseUrl)
  if (protocol !== 'https:' && !isLoopbackHost(hostname)) {
    throw new DashboardConfigError(
      `SERVICE_BASE_URL must use https (the credentials travel to it); plain http is only for a service on this machine, not ${baseUrl}`,
    )
  }
  return {
    baseUrl,
    clientId: env.SERVICE_CLIENT_ID ?? '',
    clientSecret: env.SERVICE_CLIENT_SECRET ?? '',
    ...(env.SERVICE_SCOPE ? { scope: env.SERVICE_SCOPE } : {}),
  }
}
