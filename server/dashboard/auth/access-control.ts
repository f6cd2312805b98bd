import { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Log } from '../ops/logger.ts'
import { createAccounts } from './accounts.ts'
import { createAdminRoutes } from './admin-routes.ts'
import { createAuditLog } from './audit-log.ts'
import { openDashboardDb } from './database.ts'
import { createInvites } from './invites.ts'
import type { OidcOptions } from './oidc-config.ts'
import { createOidcRoutes } from './oidc-routes.ts'
import { createMemoryLimiter, createRedisLimiter, type LimitRule } from './rate-limit.ts'
import { createMemorySessions, createRedisSessions } from './sessions.ts'
import { createSignIn } from './sign-in-routes.ts'

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
}

// Failed sign-ins: an account is tried at most 5 times in 15 minutes, from anywhere; one address
// may fail 30 times in 15 minutes, across accounts (password spraying).
const accountRule: LimitRule = { failures: 5, windowMs: 15 * 60 * 1000 }
const addressRule: LimitRule = { failures: 30, windowMs: 15 * 60 * 1000 }

export async function createAccessControl(options: AccessControlOptions, log: Log) {
  const db = await openDashboardDb(options)
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
    : null
  await redis?.connect()
  const accounts = createAccounts(db)
  const sessions = redis ? createRedisSessions(redis) : createMemorySessions()
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
  const adminRoutes = createAdminRoutes({
    accounts,
    invites: createInvites(db),
    audit,
    sessions,
    signIn,
  })

  return {
    accounts,
    audit,
    sessions,
    signIn,
    oidc,
    admin: adminRoutes,
    /** For readiness: the database answers a query, Redis (when configured) answers PING. */
    ping: {
      database: () => sql`select 1`.execute(db),
      redis: redis ? () => redis.ping() : null,
    },
    async close() {
      await db.destroy()
      await redis?.quit()
    },
  }
}

export type AccessControl = Awaited<ReturnType<typeof createAccessControl>>
