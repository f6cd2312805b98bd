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

// A person signs in from a few browsers and devices, and sometimes again where a cookie was lost
// (a private window closed): 20 is room for all of that, while a script signing in over and over
// holds no more than 20 sessions of one account (memory here, keys in Redis).
export const maxSessionsPerAccount = 20

// The memory store grows only when a session is made, so that is when it drops the expired ones:
// no timer keeps the process alive, and a sweep runs at most once a minute.
const sweepEveryMs = 60_000

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

export function createMemorySessions(
  options: SessionStoreOptions = {},
): SessionStore & { held(): number } {
  const lifetimes = options.lifetimes ?? defaultSessionLifetimes
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session>()
  // Each account's session keys, oldest first (a Set keeps the order they were added in).
  const byAccount = new Map<string, Set<string>>()
  let sweptAt = now()

  function forget(key: string) {
    const session = sessions.get(key)
    if (!session) return
    sessions.delete(key)
    const keys = byAccount.get(session.accountId)
    keys?.delete(key)
    if (keys?.size === 0) byAccount.delete(session.accountId)
  }
  function sweep(at: number) {
    if (at - sweptAt < sweepEveryMs) return
    sweptAt = at
    for (const [key, session] of sessions) if (!stillValid(session, at, lifetimes)) forget(key)
  }

  return {
    lifetimes,
    async create(accountId) {
      const id = newId()
      const at = now()
      sweep(at)
      const keys = byAccount.get(accountId) ?? new Set<string>()
      for (const key of keys) {
        const session = sessions.get(key)
        if (session && !stillValid(session, at, lifetimes)) forget(key)
      }
      for (const oldest of [...keys].slice(0, Math.max(0, keys.size - maxSessionsPerAccount + 1)))
        forget(oldest)
      sessions.set(keyOf(id), { accountId, createdAt: at, lastSeenAt: at })
      byAccount.set(accountId, keys.add(keyOf(id)))
      return id
    },
    async get(id) {
      const key = keyOf(id)
      const session = sessions.get(key)
      if (!session) return null
      if (!stillValid(session, now(), lifetimes)) {
        forget(key)
        return null
      }
      session.lastSeenAt = now()
      return session
    },
    async peek(id) {
      return peeked(sessions.get(keyOf(id)), now(), lifetimes)
    },
    async delete(id) {
      forget(keyOf(id))
    },
    async deleteAllFor(accountId, keptSessionId) {
      const kept = keptSessionId === undefined ? null : keyOf(keptSessionId)
      for (const key of [...(byAccount.get(accountId) ?? [])]) if (key !== kept) forget(key)
    },
    /** Sessions held (tests): the expired ones go at the next sweep. */
    held: () => sessions.size,
  }
}

// Makes a session and keeps its account within the cap, in one step however many replicas sign
// the account in at once. The account's set loses the keys that have expired; past the cap, the
// oldest sessions (by createdAt) end. KEYS: the account's set, the new session's key. ARGV: the
// session, its ttl, its key in the set, the cap, the session keys' prefix, the set's ttl.
const createScript = `
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
local live = {}
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local stored = redis.call('GET', ARGV[5] .. member)
  if not stored then
    redis.call('SREM', KEYS[1], member)
  elseif member == ARGV[3] then
    table.insert(live, { member = member, at = math.huge })
  else
    local ok, session = pcall(cjson.decode, stored)
    table.insert(live, { member = member, at = ok and tonumber(session.createdAt) or 0 })
  end
end
local over = #live - tonumber(ARGV[4])
if over > 0 then
  table.sort(live, function(a, b) return a.at < b.at end)
  for i = 1, over do
    redis.call('DEL', ARGV[5] .. live[i].member)
    redis.call('SREM', KEYS[1], live[i].member)
  end
end
return 0
`

// Each session is a key expiring at its idle or absolute limit, whichever comes first; each
// account has a set of its session keys for signing out everywhere.
export function createRedisSessions(redis: Redis, options: SessionStoreOptions = {}): SessionStore {
  const lifetimes = options.lifetimes ?? defaultSessionLifetimes
  const now = options.now ?? Date.now
  const sessionPrefix = 'dashboard:session:'
  const sessionKey = (key: string) => `${sessionPrefix}${key}`
  const accountKey = (accountId: string) => `dashboard:sessions-of:${accountId}`
  const ttl = (session: Session, at: number) =>
    Math.max(1, Math.min(lifetimes.idleMs, session.createdAt + lifetimes.absoluteMs - at))

  return {
    lifetimes,
    async create(accountId) {
      const id = newId()
      const at = now()
      const session = { accountId, createdAt: at, lastSeenAt: at }
      await redis.eval(
        createScript,
        2,
        accountKey(accountId),
        sessionKey(keyOf(id)),
        JSON.stringify(session),
        ttl(session, at),
        keyOf(id),
        maxSessionsPerAccount,
        sessionPrefix,
        lifetimes.absoluteMs,
      )
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
