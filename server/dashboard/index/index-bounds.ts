import { limitConcurrency } from '../http/concurrency-limit.ts'
import type { DashboardContext } from '../http/context.ts'
import { limitRate } from '../http/rate-limit.ts'

/**
 * How much of the index one person may ask for: 8 requests in flight (a browser opens 6
 * connections to a host, and the home page asks four things at once) and 60 a second, in bursts
 * of 120 (a script paging through the library's filters stays under it); 32 in flight in all.
 * Beyond, the answer comes at once and says when to ask again (decision 0019).
 */
export const indexBounds = {
  perAccount: 8,
  total: 32,
  perAccountPerSecond: 60,
  burst: 120,
  retryAfterSeconds: 1,
}

const accountOf = async (c: DashboardContext) => (await c.var.principal())?.id ?? null

export const limitIndexRequests = () => [
  limitRate({
    perSecond: indexBounds.perAccountPerSecond,
    burst: indexBounds.burst,
    keyOf: accountOf,
    message: 'Too many requests to the index from your account: wait a moment and try again',
  }),
  limitConcurrency({
    perKey: indexBounds.perAccount,
    total: indexBounds.total,
    retryAfterSeconds: indexBounds.retryAfterSeconds,
    keyOf: accountOf,
    perKeyMessage:
      'Too many requests to the index at once from your account: wait a moment and try again',
    totalMessage: 'The index is busy answering others: wait a moment and try again',
  }),
]
