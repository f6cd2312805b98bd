import type { SandboxOptions } from '../sandbox/start.ts'
import type { OidcOptions } from './auth/oidc-config.ts'
import type { SessionLifetimes } from './auth/sessions.ts'
import type { SignInThrottle } from './auth/sign-in-routes.ts'
import type { ServiceCredentials } from './forwarding/service-tokens.ts'
import type { LogLevel } from './ops/logger.ts'

export interface DashboardOptions {
  port?: number
  /** Listening address; loopback by default. */
  host?: string
  mode: 'production' | 'development'
  /** The built app served in production; default `<repo>/dist`. */
  distDir?: string
  /** The server render's build of the app (`vite build --ssr`); default `<distDir>-ssr`. */
  serverRenderDir?: string
  /** Vite's root (and config file location) in development; default the repository root. */
  viteRoot?: string
  /** The video service to use; without it the embedded sandbox is started. */
  service?: ServiceCredentials
  sandbox?: SandboxOptions
  /** Receives each log line, one JSON object without its newline; default stdout. */
  log?: (line: string) => void
  /** `LOG_LEVEL`: the least severe level logged; default `info`. */
  logLevel?: LogLevel
  /**
   * Told once, as plain text, to the person starting the server; with the demo admin, its email
   * and password apart too, for an output that must keep them out of the log. Default the console.
   */
  announce?: (text: string, firstAdmin?: { email: string; password: string }) => void
  /** `METRICS_TOKEN`: a client sending it as a Bearer token may read `/metrics` from anywhere. */
  metricsToken?: string
  /** How long requests in flight may take to finish once shutdown starts; default 10 s. */
  shutdownGraceMs?: number
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
  /** `DATABASE_URL=postgres://…`: accounts, the audit log and the index in PostgreSQL instead. */
  databaseUrl?: string
  /**
   * The merchandising index (decision 0019): on when given, as `npm start` always gives it.
   * `reconcileEveryMs` is `INDEX_RECONCILE_MINUTES`; default 15 minutes.
   */
  index?: { reconcileEveryMs?: number }
  /**
   * The match review (issue 36): `random` draws its 5% double-review sample; auto-accept's `draw`
   * its 5% blind audit, and its watch runs every `everyMs` (default 2 s). Tests set them.
   */
  review?: {
    random?: () => number
    autoAccept?: { draw?: () => number; everyMs?: number }
  }
  /**
   * The rules engine (issue 37), which runs with the index: how often it resumes runs a stopped
   * replica left and runs the schedules due (default 10 s), and how long a replica's hold on a
   * run lasts without renewal (default 30 s). Tests shorten them.
   */
  rules?: { sweepEveryMs?: number; leaseTtlMs?: number }
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
  /**
   * On an empty account database (npm start): with the embedded sandbox, create a demo admin and
   * tell its password; with a real service, say how to add the first account.
   */
  createDemoAdmin?: boolean
  /** `OIDC_*`: sign-in through an OpenID Connect provider besides passwords. */
  oidc?: OidcOptions
  /** The password check queue and hooks for tests and benchmarks (defaults otherwise). */
  signInThrottle?: SignInThrottle
  /** `SESSION_IDLE_MINUTES`, `SESSION_MAX_HOURS`; default 30 minutes unused, 12 hours in all. */
  sessionLifetimes?: SessionLifetimes
  /** Live-update streams one account may hold open at once; default 10. */
  maxStreamsPerAccount?: number
}

export interface RunningDashboard {
  url: string
  serviceUrl: string
  close(): Promise<void>
}
