import type { Redis } from 'ioredis'

export interface FailureLimiter {
  /** Milliseconds until `key` may try again, or 0 if it may now. */
  blockedFor(key: string): Promise<number>
  recordFailure(key: string): Promise<void>
  reset(key: string): Promise<void>
}

export interface LimitRule {
  failures: number
  windowMs: number
}

// A fixed window per key: after `failures` failed sign-ins the key waits out the window.
export function createMemoryLimiter(rule: LimitRule, now: () => number = Date.now): FailureLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>()
  const live = (key: string) => {
    const window = windows.get(key)
    if (window && window.endsAt <= now()) windows.delete(key)
    return windows.get(key)
  }
  return {
    async blockedFor(key) {
      const window = live(key)
      return window && window.count >= rule.failures ? window.endsAt - now() : 0
    },
    async recordFailure(key) {
      const window = live(key) ?? { count: 0, endsAt: now() + rule.windowMs }
      window.count += 1
      windows.set(key, window)
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

export function createRedisLimiter(redis: Redis, rule: LimitRule, name: string): FailureLimiter {
  const keyOf = (key: string) => `dashboard:sign-in-failures:${name}:${key}`
  return {
    async blockedFor(key) {
      const [count, ttl] = await Promise.all([redis.get(keyOf(key)), redis.pttl(keyOf(key))])
      return Number(count ?? 0) >= rule.failures ? Math.max(ttl, 1) : 0
    },
    async recordFailure(key) {
      await redis.multi().incr(keyOf(key)).pexpire(keyOf(key), rule.windowMs, 'NX').exec()
    },
    async reset(key) {
      await redis.del(keyOf(key))
    },
  }
}
