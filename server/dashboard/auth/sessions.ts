import { createHash, randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import * as z from 'zod'

export const IDLE_MS = 8 * 60 * 60 * 1000
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000

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
  create(accountId: string): Promise<string>
  /** The session if still valid (idle and absolute expiry), marking it as used now. */
  get(id: string): Promise<Session | null>
  /**
   * The session if still valid, without marking it used (an open event stream is not use), with
   * the time it ends unless used again.
   */
  peek(id: string): Promise<PeekedSession | null>
  delete(id: string): Promise<void>
  /** Signs the account out everywhere. */
  deleteAllFor(accountId: string): Promise<void>
}

const keyOf = (id: string) => createHash('sha256').update(id).digest('base64url')
const newId = () => randomBytes(32).toString('base64url')

function stillValid(session: Session, now: number): boolean {
  return now - session.lastSeenAt < IDLE_MS && now - session.createdAt < ABSOLUTE_MS
}

function peeked(session: Session | null | undefined, now: number): PeekedSession | null {
  if (!session || !stillValid(session, now)) return null
  const expiresAt = Math.min(session.lastSeenAt + IDLE_MS, session.createdAt + ABSOLUTE_MS)
  return { ...session, expiresAt }
}

const zStoredSession = z.object({
  accountId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
})

export function createMemorySessions(now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Session>()
  return {
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
      if (!stillValid(session, now())) {
        sessions.delete(key)
        return null
      }
      session.lastSeenAt = now()
      return session
    },
    async peek(id) {
      return peeked(sessions.get(keyOf(id)), now())
    },
    async delete(id) {
      sessions.delete(keyOf(id))
    },
    async deleteAllFor(accountId) {
      for (const [key, session] of sessions)
        if (session.accountId === accountId) sessions.delete(key)
    },
  }
}

// Each session is a key expiring at its idle or absolute limit, whichever comes first; each
// account has a set of its session keys for signing out everywhere.
export function createRedisSessions(redis: Redis, now: () => number = Date.now): SessionStore {
  const sessionKey = (key: string) => `dashboard:session:${key}`
  const accountKey = (accountId: string) => `dashboard:sessions-of:${accountId}`
  const ttl = (session: Session, at: number) =>
    Math.max(1, Math.min(IDLE_MS, session.createdAt + ABSOLUTE_MS - at))

  return {
    async create(accountId) {
      const id = newId()
      const at = now()
      const session = { accountId, createdAt: at, lastSeenAt: at }
      await redis
        .multi()
        .set(sessionKey(keyOf(id)), JSON.stringify(session), 'PX', ttl(session, at))
        .sadd(accountKey(accountId), keyOf(id))
        .pexpire(accountKey(accountId), ABSOLUTE_MS)
        .exec()
      return id
    },
    async get(id) {
      const key = sessionKey(keyOf(id))
      const stored = await redis.get(key)
      if (!stored) return null
      const session = JSON.parse(stored) as Session
      const at = now()
      if (!stillValid(session, at)) {
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
      return peeked(session.success ? session.data : null, now())
    },
    async delete(id) {
      await redis.del(sessionKey(keyOf(id)))
    },
    async deleteAllFor(accountId) {
      const keys = await redis.smembers(accountKey(accountId))
      await redis
        .multi()
        .del(...keys.map(sessionKey), accountKey(accountId))
        .exec()
    },
  }
}
