import { createHash, randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import * as z from 'zod'

export interface SessionLifetimes {
  /** A session unused this long ends (`SESSION_IDLE_MINUTES`). */
  idleMs: number
  /** A session ends this long after sign-in however much it is used (`SESSION_MAX_HOURS`). */
  absoluteMs: number
}

// OWASP ASVS 4.0 L2 (3.3.2): sign in again after 30 minutes unused, and at least every 12 hours:
// a working day. The sign-in dialog over an open screen keeps what was typed when one ends.
export const defaultSessionLifetimes: SessionLifetimes = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
}

export interface Session {
  accountId: string
  createdAt: number
  lastSeenAt: number
}

export type PeekedSession = Session & { expiresAt: number }

/**
 * Sessions are opaque random ids; stores key them by the id's SHA-256, so a leaked store (a Redis
 * dump, a heap snapshot) does not hand out live cookies.
 */
export interface SessionStore {
  /** How long sessions last: the cookie's Max-Age follows the absolute lifetime. */
  readonly lifetimes: SessionLifetimes
  create(accountId: string): Promise<string>
  /** The session if still valid (idle and absolute expiry), marking it as used now. */
  get(id: string): Promise<Session | null>
  /**
   * The session if still valid, without marking it used (an open event stream is not use), with
   * the time it ends unless used again.
   */
  peek(id: string): Promise<PeekedSession | null>
  delete(id: string): Promise<void>
  /** Signs the account out everywhere, or everywhere but the session kept (a password change). */
  deleteAllFor(accountId: string, keptSessionId?: string): Promise<void>
}

export interface SessionStoreOptions {
  lifetimes?: SessionLifetimes | undefined
  now?: (() => number) | undefined
}

const keyOf = (id: string) => createHash('sha256').update(id).digest('base64url')
const newId = () => randomBytes(32).toString('base64url')

function stillValid(session: Session, now: number, lifetimes: SessionLifetimes): boolean {
  return (
    now - session.lastSeenAt < lifetimes.idleMs && now - session.createdAt < lifetimes.absoluteMs
  )
}

function peeked(
  session: Session | null | undefined,
  now: number,
  lifetimes: SessionLifetimes,
): PeekedSession | null {
  if (!session || !stillValid(session, now, lifetimes)) return null
  const expiresAt = Math.min(
    session.lastSeenAt + lifetimes.idleMs,
    session.createdAt + lifetimes.absoluteMs,
  )
  return { ...session, expiresAt }
}

const zStoredSession = z.object({
  accountId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
})

export function createMemorySessions(options: SessionStoreOptions = {}): SessionStore {
  const lifetimes = options.lifetimes ?? defaultSessionLifetimes
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session>()
  return {
    lifetimes,
    async create(accountId) {
      const id = newId()
      const at = now()
      sessions.set(keyOf(id), { accountId, createdAt: at, lastSeenAt: at })
      return id
    },
    async get(id) {
      const key = keyOf(id)
      const session = sessions.get(key)
      if (!session) return null
      if (!stillValid(session, now(), lifetimes)) {
        sessions.delete(key)
        return null
      }
      session.lastSeenAt = now()
      return session
    },
    async peek(id) {
      return peeked(sessions.get(keyOf(id)), now(), lifetimes)
    },
    async delete(id) {
      sessions.delete(keyOf(id))
    },
    async deleteAllFor(accountId, keptSessionId) {
      const kept = keptSessionId === undefined ? null : keyOf(keptSessionId)
      for (const [key, session] of sessions)
        if (session.accountId === accountId && key !== kept) sessions.delete(key)
    },
  }
}

// Each session is a key expiring at its idle or absolute limit, whichever comes first; each
// account has a set of its session keys for signing out everywhere.
export function createRedisSessions(redis: Redis, options: SessionStoreOptions = {}): SessionStore {
  const lifetimes = options.lifetimes ?? defaultSessionLifetimes
  const now = options.now ?? Date.now
  const sessionKey = (key: string) => `dashboard:session:${key}`
  const accountKey = (accountId: string) => `dashboard:sessions-of:${accountId}`
  const ttl = (session: Session, at: number) =>
    Math.max(1, Math.min(lifetimes.idleMs, session.createdAt + lifetimes.absoluteMs - at))

  return {
    lifetimes,
    async create(accountId) {
      const id = newId()
      const at = now()
      const session = { accountId, createdAt: at, lastSeenAt: at }
      await redis
        .multi()
        .set(sessionKey(keyOf(id)), JSON.stringify(session), 'PX', ttl(session, at))
        .sadd(accountKey(accountId), keyOf(id))
        .pexpire(accountKey(accountId), lifetimes.absoluteMs)
        .exec()
      return id
    },
    async get(id) {
      const key = sessionKey(keyOf(id))
      const stored = await redis.get(key)
      if (!stored) return null
      const session = JSON.parse(stored) as Session
      const at = now()
      if (!stillValid(session, at, lifetimes)) {
        await redis.del(key)
        return null
      }
      session.lastSeenAt = at
      await redis.set(key, JSON.stringify(session), 'PX', ttl(session, at), 'XX')
      return session
    },
    async peek(id) {
      const stored = await redis.get(sessionKey(keyOf(id)))
      if (!stored) return null
      const session = zStoredSession.safeParse(JSON.parse(stored))
      return peeked(session.success ? session.data : null, now(), lifetimes)
    },
    async delete(id) {
      await redis.del(sessionKey(keyOf(id)))
    },
    async deleteAllFor(accountId, keptSessionId) {
      const kept = keptSessionId === undefined ? null : keyOf(keptSessionId)
      const ended = (await redis.smembers(accountKey(accountId))).filter((key) => key !== kept)
      if (ended.length === 0) return
      await redis
        .multi()
        .del(...ended.map(sessionKey))
        .srem(accountKey(accountId), ...ended)
        .exec()
    },
  }
}
