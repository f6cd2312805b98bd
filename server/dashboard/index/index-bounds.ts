import { limitConcurrency } from '../http/concurrency-limit.ts'

/**
 * How many of the index's requests may be in flight: 8 per account (a browser opens 6
 * connections to a host, and the home page asks four things at once) and 32 in all, beyond
 * which the answer is at once and says when to ask again (decision 0019).
 */
export const indexBounds = { perAccount: 8, total: 32, retryAfterSeconds: 1 }

export const limitIndexRequests = () =>
  limitConcurrency({
    perKey: indexBounds.perAccount,
    total: indexBounds.total,
    retryAfterSeconds: indexBounds.retryAfterSeconds,
    keyOf: async (c) => (await c.var.principal())?.id ?? null,
    perKeyMessage:
      'Too many requests to the index at once from your account: wait a moment and try again',
    totalMessage: 'The index is busy answering others: wait a moment and try again',
  })
