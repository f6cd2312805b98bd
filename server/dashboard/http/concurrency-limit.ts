import type { MiddlewareHandler } from 'hono'
import { type DashboardContext, type DashboardEnv, refuse } from './context.ts'

export interface ConcurrencyBounds {
  /** Requests in flight for one key (an account). */
  perKey: number
  /** Requests in flight in all. */
  total: number
  retryAfterSeconds: number
  /** Whose request it is; null leaves it unbounded (the role gate after refuses it). */
  keyOf: (c: DashboardContext) => Promise<string | null>
  /** Said with the 429 to a key at its bound. */
  perKeyMessage: string
  /** Said with the 503 to anyone while the total is reached. */
  totalMessage: string
}

/**
 * At most `perKey` requests in flight per key and `total` in all; beyond, an answer at once
 * (429 for the key, 503 for everyone) with Retry-After, rather than a queue that holds the
 * server's memory and everyone else's turn. A slot is free again once the handler has answered
 * or failed.
 */
export function limitConcurrency(bounds: ConcurrencyBounds): MiddlewareHandler<DashboardEnv> {
  const byKey = new Map<string, number>()
  let total = 0
  const retryAfter = { 'Retry-After': String(bounds.retryAfterSeconds) }
  return async (c, next) => {
    const key = await bounds.keyOf(c)
    if (key === null) return next()
    const mine = byKey.get(key) ?? 0
    if (mine >= bounds.perKey) return refuse(c, 429, bounds.perKeyMessage, retryAfter)
    if (total >= bounds.total) return refuse(c, 503, bounds.totalMessage, retryAfter)
    byKey.set(key, mine + 1)
    total++
    try {
      await next()
    } finally {
      total--
      const left = (byKey.get(key) ?? 1) - 1
      if (left === 0) byKey.delete(key)
      else byKey.set(key, left)
    }
  }
}
