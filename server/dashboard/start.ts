import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SandboxOptions, startSandbox } from '../sandbox/start.ts'
import { createApiForwarder } from './api-forwarder.ts'
import { createAccessControl } from './auth/access-control.ts'
import { defaultDashboardDb } from './auth/database.ts'
import { createDemoAdmin } from './auth/demo-admin.ts'
import type { OidcOptions } from './auth/oidc-config.ts'
import { isHttps } from './auth/request-checks.ts'
import { DashboardConfigError } from './config-error.ts'
import { limitConnectionsPerAddress } from './connection-limit.ts'
import { createDevApp, type DevApp } from './dev-app.ts'
import { createEventHub } from './events/event-hub.ts'
import { sendError, sendJson } from './json-response.ts'
import { connectRedisLive } from './live/redis-live.ts'
import { endStreamsWithSessions } from './live/session-ends.ts'
import { createSessionStreams } from './live/session-streams.ts'
import { isLoopbackHost, refusalOf } from './request-guard.ts'
import {
  apiContentSecurityPolicy,
  appContentSecurityPolicy,
  remoteOrigins,
  sandboxOrigins,
  setSecurityHeaders,
} from './security-headers.ts'
import { createServiceTokens, type ServiceCredentials } from './service-tokens.ts'
import { createStaticApp } from './static-app.ts'
import { createUpstreamAgents } from './upstream-request.ts'
import { createMemoryLedger } from './webhooks/dedup.ts'
import { createWebhookReceiver } from './webhooks/receiver.ts'

export interface DashboardOptions {
  port?: number
  /** Listening address; loopback by default, since the dashboard has no sign-in yet. */
  host?: string
  mode: 'production' | 'development'
  /** The built app served in production; default `<repo>/dist`. */
  distDir?: string
  /** Vite's root (and config file location) in development; default the repository root. */
  viteRoot?: string
  /** The video service to use; without it the embedded sandbox is started. */
  service?: ServiceCredentials
  sandbox?: SandboxOptions
  log?: (message: string) => void
  /** How long the service may take to answer with headers; default 30 s. */
  upstreamTimeoutMs?: number
  /**
   * The secrets the service signs its webhooks with (`SERVICE_WEBHOOK_SECRET`; two during a
   * rotation). With the embedded sandbox and none given, one is generated at start.
   */
  webhookSecrets?: readonly string[]
  /** `REDIS_URL`: replicas share webhook dedup, the event fan-out, sessions and sign-in limits. */
  redisUrl?: string
  /** `DASHBOARD_DB`: the SQLite file of accounts and the audit log; default `.data/dashboard.db`. */
  dashboardDb?: string
  /** `DATABASE_URL=postgres://…`: accounts and the audit log in PostgreSQL instead. */
  databaseUrl?: string
  /** `DASHBOARD_PUBLIC_URL`: the origin people use; required off loopback (Host checking). */
  publicUrl?: string
  /** `TRUST_PROXY`: a proxy in front says whether the browser used https and from where. */
  trustProxy?: boolean
  /** `SERVICE_STORAGE_ORIGINS`: where a remote service's uploads and CDN are (the page's connect-src). */
  storageOrigins?: readonly string[]
  /** Open connections one address may hold (loopback exempt); default 128. */
  maxConnectionsPerAddress?: number
  /** How long a client may take to send its headers, and its whole request; default 20 s, 60 s. */
  clientTimeoutsMs?: { headers: number; request: number }
  /** On an empty account database, create a demo admin and tell its password (npm start). */
  createDemoAdmin?: boolean
  /** `OIDC_*`: sign-in through an OpenID Connect provider besides passwords. */
  oidc?: OidcOptions
  /** Live-update streams one account may hold open at once; default 10. */
  maxStreamsPerAccount?: number
}

export interface RunningDashboard {
  url: string
  serviceUrl: string
  close(): Promise<void>
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const demoClient = { clientId: 'demo', clientSecret: 'demo-secret' }
/** Bodies up to this size are held in memory so a request can be replayed after a 401. */
const replayLimitBytes = 1024 * 1024

export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const log = options.log ?? ((message: string) => console.log(message))
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHost(host)
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null
  if (!loopbackOnly && !publicOrigin) {
    throw new DashboardConfigError(
      `Listening on ${host} needs DASHBOARD_PUBLIC_URL, the address people open (such as https://videos.example.com): requests for any other host are refused`,
    )
  }
  const serveStatic =
    options.mode === 'production'
      ? await createStaticApp(options.distDir ?? join(repoRoot, 'dist'))
      : null

  const secrets = options.webhookSecrets?.length
    ? options.webhookSecrets
    : options.service
      ? []
      : [randomBytes(24).toString('base64url')]
  const hub = createEventHub({
    log,
    ...(options.maxStreamsPerAccount ? { maxStreamsPerAccount: options.maxStreamsPerAccount } : {}),
  })
  const redis = options.redisUrl
    ? await connectRedisLive(options.redisUrl, {
        onEvent: (event) => hub.publish('service', event),
        onStreamEnd: (which) => hub.endStreams(which),
        log,
      })
    : null
  const receiveWebhook = createWebhookReceiver({
    secrets,
    ledger: redis?.ledger ?? createMemoryLedger(),
    apply: async (event) => {
      if (redis) await redis.publish(event)
      else hub.publish('service', event)
    },
    log,
  })
  const access = await createAccessControl(
    {
      sqlitePath: options.dashboardDb ?? defaultDashboardDb,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
      trustProxy: options.trustProxy ?? false,
      publicOrigin,
      loopback: loopbackOnly,
      ...(options.oidc ? { oidc: options.oidc } : {}),
      watchSessions: (sessions) =>
        endStreamsWithSessions(sessions, {
          endStreams: (which) => hub.endStreams(which),
          ...(redis ? { announce: (which) => redis.announceStreamEnd(which) } : {}),
          log,
        }),
    },
    log,
  )
  const streams = createSessionStreams({ hub, sessions: access.sessions, log })
  let setup: Promise<Ready> | undefined
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000
  const agents = createUpstreamAgents()
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null
  let dev: DevApp | null = null

  // The embedded sandbox's webhooks come to this server, so it starts once this one listens.
  async function prepare(port: number): Promise<Ready> {
    sandbox = options.service
      ? null
      : await startSandbox({
          ...options.sandbox,
          // Off loopback, people elsewhere give the sandbox addresses to fetch: never internal ones.
          blockPrivateUrls: options.sandbox?.blockPrivateUrls ?? !loopbackOnly,
          port: options.sandbox?.port ?? 4010,
          log: options.sandbox?.log ?? options.log,
          ...(options.sandbox?.webhookUrl
            ? {}
            : {
                webhookUrl: `http://${loopbackHostFor(host)}:${port}/webhooks/service`,
                webhookSecret: secrets[0],
              }),
        })
    const service = options.service ?? { baseUrl: sandbox?.url ?? '', ...demoClient }
    const serviceBaseUrl = service.baseUrl.replace(/\/+$/, '')
    const forward = createApiForwarder({
      serviceBaseUrl,
      tokens: createServiceTokens(service, { timeoutMs }),
      agents,
      timeoutMs,
      replayLimitBytes,
      log,
    })
    const appPolicy = appContentSecurityPolicy(
      options.mode,
      sandbox
        ? sandboxOrigins(sandbox.url, options.sandbox?.s3?.endpoint)
        : remoteOrigins(serviceBaseUrl, options.storageOrigins),
    )
    const health = { status: 'ok', service: sandbox ? 'sandbox' : 'remote' }
    return { serviceBaseUrl, forward, appPolicy, health }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/'
    const pathname = url.split('?', 1)[0] ?? '/'
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    const ready = await (setup ?? Promise.reject(new Error('not listening yet')))
    setSecurityHeaders(
      res,
      isApi ||
        pathname === '/healthz' ||
        pathname === '/events' ||
        pathname.startsWith('/webhooks/')
        ? apiContentSecurityPolicy
        : ready.appPolicy,
      isHttps(req, options.trustProxy ?? false),
    )
    const refusal = refusalOf(req, publicOrigin)
    if (refusal) return sendError(res, 403, refusal)
    if (pathname === '/healthz') return sendJson(res, 200, ready.health)
    if (pathname === '/webhooks/service') return receiveWebhook(req, res)
    if (pathname.startsWith('/auth/')) {
      return access.handleAuth(req, res, new URL(url, 'http://dashboard.invalid'))
    }
    if (pathname === '/events' || isApi) {
      const principal = await access.requirePrincipal(req, res)
      if (!principal) return
      if (pathname === '/events') return streams.handle(req, res, principal)
      if (pathname.startsWith('/api/v1/')) return access.gate(req, res, principal, ready.forward)
      return sendError(res, 404, 'Not found')
    }
    if (serveStatic) return serveStatic(req, res)
    dev?.handle(req, res)
  }

  // Videos go straight to storage, so requests here are small: a client has 20 s to send its
  // headers and a minute for the whole request (subtitle files are the largest bodies).
  const clientTimeouts = options.clientTimeoutsMs ?? { headers: 20_000, request: 60_000 }
  // Timeouts are checked on this interval (Node's default is 30 s, longer than the timeouts).
  const checkEvery = Math.min(1_000, clientTimeouts.headers)
  const server = createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`dashboard: ${req.method} ${req.url?.split('?', 1)[0]} failed: ${error}`)
      if (!res.headersSent) sendError(res, 500, 'The dashboard server failed')
      else res.destroy()
    })
  })
  server.headersTimeout = clientTimeouts.headers
  server.requestTimeout = clientTimeouts.request
  limitConnectionsPerAddress(server, options.maxConnectionsPerAddress ?? 128)

  async function stopAll() {
    hub.close()
    await access.close()
    await redis?.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await dev?.close()
    agents.http.destroy()
    agents.https.destroy()
    await sandbox?.close()
  }

  let port: number
  try {
    if (options.mode === 'development')
      dev = await createDevApp(options.viteRoot ?? repoRoot, server)
    port = await listen(server, options.port ?? 5173, host)
    setup = prepare(port)
    await setup
  } catch (error) {
    setup?.catch(() => {})
    await stopAll().catch(() => {})
    throw error
  }
  if (options.createDemoAdmin) await createDemoAdmin(access.accounts, log)

  return {
    url: `http://${displayHost(host, options.port === 0)}:${port}`,
    serviceUrl: (await setup).serviceBaseUrl,
    close: stopAll,
  }
}

interface Ready {
  serviceBaseUrl: string
  forward: ReturnType<typeof createApiForwarder>
  appPolicy: string
  health: { status: string; service: string }
}

// The address this machine reaches a server listening on `host` at.
const loopbackHostFor = (host: string) =>
  host === '::1' ? '[::1]' : host.includes(':') && host !== '::' ? `[${host}]` : '127.0.0.1'

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

// Browsers treat localhost as a secure context and people recognise it; tests asking for any
// port get the plain IPv4 loopback address, which never depends on name resolution.
function displayHost(host: string, anyPort: boolean): string {
  if (host === '::1' || host === '::') return anyPort ? '[::1]' : 'localhost'
  if (isLoopbackHost(host) || host === '0.0.0.0') return anyPort ? '127.0.0.1' : 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
