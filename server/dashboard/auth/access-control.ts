import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { type AreaMigrations, openDashboardDb } from '../db/database.ts'
import type { Log } from '../ops/logger.ts'
import { closeRedis, reportOutages } from '../ops/redis-outages.ts'
import { createAccounts } from './accounts.ts'
import { createAdminRoutes } from './admin-routes.ts'
import { createAuditLog } from './audit-log.ts'
import { createInvites } from './invites.ts'
import type { OidcOptions } from './oidc-config.ts'
import { createOidcRoutes } from './oidc-routes.ts'
import { createPasswordResets } from './password-resets.ts'
import { createMemoryLimiter } from './rate-limit.ts'
import { createRedisLimiter } from './rate-limit-redis.ts'
import {
  createMemorySessions,
  createRedisSessions,
  type SessionLifetimes,
  type SessionStore,
} from './sessions.ts'
import { createSignIn, type SignInThrottle } from './sign-in-routes.ts'
import { signInRules } from './sign-in-rules.ts'

export interface AccessControlOptions {
  /** SQLite file for accounts and the audit log (`DASHBOARD_DB`). */
  sqlitePath: string
  /** The tables of the dashboard's other areas, migrated with the database. */
  areas?: readonly AreaMigrations[]
  /** `DATABASE_URL=postgres://…`: accounts and the audit log in PostgreSQL instead. */
  databaseUrl?: string
  /** `REDIS_URL`: sessions and sign-in limits shared by replicas. */
  redisUrl?: string
  trustProxy: boolean
  publicOrigin: string | null
  loopback: boolean
  /** Sign-in through an OpenID Connect provider besides passwords. */
  oidc?: OidcOptions
  /** The password check queue and hooks for tests and benchmarks (defaults otherwise). */
  signInThrottle?: SignInThrottle
  /** How long sessions last unused and in all; the defaults otherwise. */
  sessionLifetimes?: SessionLifetimes
  /** Wraps the session store, so that a session that ends ends its open event streams. */
  watchSessions?: (sessions: SessionStore) => SessionStore
}

export async function createAccessControl(options: AccessControlOptions, log: Log) {
  const db = await openDashboardDb(options)
  const redis = options.redisUrl
    ? reportOutages(
        new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }),
        'accounts',
        log,
      )
    : null
  await redis?.connect()
  const accounts = createAccounts(db)
  const lifetimes = { lifetimes: options.sessionLifetimes }
  const store = redis ? createRedisSessions(redis, lifetimes) : createMemorySessions(lifetimes)
  const sessions = options.watchSessions?.(store) ?? store
  // Failed sign-ins are limited per account and address pair, per address, and slowed per
  // account (the rules and why: sign-in-rules.ts).
  const signIn = createSignIn({
    accounts,
    sessions,
    limits: redis ? createRedisLimiter(redis, signInRules) : createMemoryLimiter(signInRules),
    ...(options.signInThrottle ? { throttle: options.signInThrottle } : {}),
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
    resets: createPasswordResets(db),
    audit,
    sessions,
    signIn,
  })

  return {
    /** The dashboard's database, which the merchandising index shares. */
    db,
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
      if (redis) await closeRedis(redis)
    },
  }
}

export type AccessControl = Awaited<ReturnType<typeof createAccessControl>>
