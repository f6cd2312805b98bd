import type { IncomingMessage, ServerResponse } from 'node:http'
import { Redis } from 'ioredis'
import { sendError } from '../json-response.ts'
import { createAccounts } from './accounts.ts'
import { createAdminRoutes } from './admin-routes.ts'
import { createApiGate } from './api-gate.ts'
import { createAuditLog } from './audit-log.ts'
import { openDashboardDb } from './database.ts'
import { createInvites } from './invites.ts'
import type { OidcOptions } from './oidc-config.ts'
import { createOidcRoutes } from './oidc-routes.ts'
import { createMemoryLimiter, createRedisLimiter, type LimitRule } from './rate-limit.ts'
import { crossSiteRefusal, safeMethods } from './request-checks.ts'
import { createMemorySessions, createRedisSessions, type SessionStore } from './sessions.ts'
import { createSignIn, type Principal } from './sign-in-routes.ts'

export interface AccessControlOptions {
  /** SQLite file for accounts and the audit log (`DASHBOARD_DB`). */
  sqlitePath: string
  /** `DATABASE_URL=postgres://…`: accounts and the audit log in PostgreSQL instead. */
  databaseUrl?: string
  /** `REDIS_URL`: sessions and sign-in limits shared by replicas. */
  redisUrl?: string
  trustProxy: boolean
  publicOrigin: string | null
  loopback: boolean
  /** Sign-in through an OpenID Connect provider besides passwords. */
  oidc?: OidcOptions
  /** Wraps the session store, so that a session that ends ends its open event streams. */
  watchSessions?: (sessions: SessionStore) => SessionStore
}

// Failed sign-ins: an account is tried at most 5 times in 15 minutes, from anywhere; one address
// may fail 30 times in 15 minutes, across accounts (password spraying).
const accountRule: LimitRule = { failures: 5, windowMs: 15 * 60 * 1000 }
const addressRule: LimitRule = { failures: 30, windowMs: 15 * 60 * 1000 }

export async function createAccessControl(
  options: AccessControlOptions,
  log: (message: string) => void,
) {
  const db = await openDashboardDb(options)
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
    : null
  await redis?.connect()
  const accounts = createAccounts(db)
  const store = redis ? createRedisSessions(redis) : createMemorySessions()
  const sessions = options.watchSessions?.(store) ?? store
  const limiter = (rule: LimitRule, name: string) =>
    redis ? createRedisLimiter(redis, rule, name) : createMemoryLimiter(rule)
  const signIn = createSignIn({
    accounts,
    sessions,
    limits: { account: limiter(accountRule, 'account'), address: limiter(addressRule, 'address') },
    trustProxy: options.trustProxy,
    publicOrigin: options.publicOrigin,
    loopback: options.loopback,
  })
  const audit = createAuditLog(db)
  const oidc = createOidcRoutes({
    oidc: options.oidc,
    accounts,
    audit,
    signIn,
    trustProxy: options.trustProxy,
    loopback: options.loopback,
    log,
  })
  const adminRoute = createAdminRoutes({
    accounts,
    invites: createInvites(db),
    audit,
    sessions,
    signIn,
  })

  /** Answers a request under /auth/. */
  async function handleAuth(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET'
    const path = url.pathname
    if (path === '/auth/sign-in' && method === 'POST') return signIn.signIn(req, res)
    if (path === '/auth/me' && method === 'GET') return signIn.me(req, res)
    if (path === '/auth/providers' && method === 'GET') return oidc.providers(req, res)
    if (path === '/auth/oidc/start' && method === 'GET') return oidc.start(req, res, url)
    if (path === '/auth/oidc/callback' && method === 'GET') return oidc.callback(req, res, url)
    if (!safeMethods.has(method)) {
      const refusal = crossSiteRefusal(req, signIn.originOf(req))
      if (refusal) return sendError(res, 403, refusal)
    }
    if (path === '/auth/sign-out' && method === 'POST') return signIn.signOut(req, res, false)
    if (path === '/auth/sign-out-everywhere' && method === 'POST')
      return signIn.signOut(req, res, true)
    const handler = adminRoute(method, path)
    if (handler) return handler(req, res, url)
    sendError(res, 404, 'Not found')
  }

  /**
   * The signed-in account behind a request for data (`/api/v1/*`, `/events`), or null once the
   * request has been refused: 401 signed out, 403 for a state change from another site.
   */
  async function requirePrincipal(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<Principal | null> {
    // Data is read only by the dashboard's own pages (or typed in the address bar): a sibling
    // site's script could otherwise make the browser send the session along.
    const site = req.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      sendError(res, 403, 'Requests from other sites are refused')
      return null
    }
    if (!safeMethods.has(req.method ?? 'GET')) {
      const refusal = crossSiteRefusal(req, signIn.originOf(req))
      if (refusal) {
        sendError(res, 403, refusal)
        return null
      }
    }
    const principal = await signIn.principalOf(req)
    if (!principal) sendError(res, 401, 'Sign in to use the dashboard')
    return principal
  }

  return {
    accounts,
    audit,
    sessions,
    gate: createApiGate(audit, log),
    handleAuth,
    requirePrincipal,
    async close() {
      await db.destroy()
      await redis?.quit()
    },
  }
}

export type AccessControl = Awaited<ReturnType<typeof createAccessControl>>
