import { startSandbox } from '../sandbox/start.ts'
import { DashboardConfigError } from './config-error.ts'
import { isLoopbackHost } from './http/host-check.ts'
import type { Log } from './ops/logger.ts'
import type { DashboardOptions } from './options.ts'

/**
 * Where the dashboard listens and who it answers, checked before anything starts: off loopback
 * it needs the public address people open, and never serves the repository's files (--dev).
 */
export function listeningPlan(options: DashboardOptions, logger: { warn(message: string): void }) {
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHost(host)
  if (options.mode === 'development' && !loopbackOnly) {
    throw new DashboardConfigError(
      `--dev serves the repository's files, the account database included, to anyone who asks, so it runs only on loopback: leave DASHBOARD_HOST unset, or use npm start to listen on ${host}`,
    )
  }
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null
  if (!loopbackOnly && !publicOrigin) {
    throw new DashboardConfigError(
      `Listening on ${host} needs DASHBOARD_PUBLIC_URL, the address people open (such as https://videos.example.com): requests for any other host are refused`,
    )
  }
  const trustProxy = options.trustProxy ?? false
  if (publicOrigin?.startsWith('https:') && !trustProxy) {
    logger.warn(
      "DASHBOARD_PUBLIC_URL is https but TRUST_PROXY is unset: cookies are Secure and HSTS is sent, but sign-in limits count the proxy's address rather than each browser's. Set TRUST_PROXY=1 when a proxy in front sets X-Forwarded-For.",
    )
  }
  return { host, loopbackOnly, publicOrigin, trustProxy }
}

/** The sandbox the dashboard runs when no service is configured, sending its webhooks here. */
export function startEmbeddedSandbox(
  options: DashboardOptions,
  at: { port: number; host: string; secret: string | undefined; log: Log },
) {
  return startSandbox({
    ...options.sandbox,
    // Off loopback, people elsewhere give the sandbox addresses to fetch: never internal ones.
    blockPrivateUrls: options.sandbox?.blockPrivateUrls ?? !isLoopbackHost(at.host),
    port: options.sandbox?.port ?? 4010,
    // The sandbox reports only what went wrong.
    log: options.sandbox?.log ?? at.log,
    ...(options.sandbox?.webhookUrl
      ? {}
      : {
          webhookUrl: `http://${loopbackHostFor(at.host)}:${at.port}/webhooks/service`,
          webhookSecret: at.secret,
        }),
  })
}

// The address this machine reaches a server listening on `host` at.
export const loopbackHostFor = (host: string) =>
  host === '::1' ? '[::1]' : host.includes(':') && host !== '::' ? `[${host}]` : '127.0.0.1'
