import type { MiddlewareHandler } from 'hono'
import { type DashboardContext, type DashboardEnv, refuse } from './context.ts'

export interface RateBounds {
  /** Requests a key may make each second, on average. */
  perSecond: number
  /** Requests a key may make at once after a quiet while. */
  burst: number
  /** Whose request it is; null leaves it unbounded (the role gate after refuses it). */
  keyOf: (c: DashboardContext) => Promise<string | null>
  /** Said with the 429. */
  message: string
  /** Keys remembered at most (the least recently seen is forgotten, and starts full again). */
  maxKeys?: number
  now?: () => number
}

/**
 * A token bucket per key: `burst` requests at once, then `perSecond`; beyond, 429 with the
 * seconds until the next is allowed. A bound on requests in flight does not bound a client whose
 * requests are answered in a millisecond (from a cache) and who asks again at once: hundreds a
 * second hold the event loop from everyone else.
 */
export function limitRate(bounds: RateBounds): MiddlewareHandler<DashboardEnv> {
  const now = bounds.now ?? Date.now
  const maxKeys = bounds.maxKeys ?? 10_000
  const buckets = new Map<string, { tokens: number; at: number }>()
  return async (c, next) => {
    const key = await bounds.keyOf(c)
    if (key === null) return next()
    const at = now()
    const bucket = buckets.get(key)
    const tokens = bucket
      ? Math.min(bounds.burst, bucket.tokens + ((at - bucket.at) / 1000) * bounds.perSecond)
      : bounds.burst
    // Kept in the order last seen, so the first is the one to forget.
    buckets.delete(key)
    buckets.set(key, { tokens: tokens >= 1 ? tokens - 1 : tokens, at })
    if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string)
    if (tokens < 1) {
      const seconds = Math.max(1, Math.ceil((1 - tokens) / bounds.perSecond))
      return refuse(c, 429, bounds.message, { 'Retry-After': String(seconds) })
    }
    return next()
  }
}
