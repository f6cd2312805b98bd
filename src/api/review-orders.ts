// The review queue's orders, on their own: the review route's search schema (in the first screen's
// script) needs them, and not the review API's schemas (`./review` re-exports them).

/** Nearest the threshold first, highest score first, oldest first. */
export const queueOrders = ['nearest', 'score', 'oldest'] as const
export type QueueOrder = (typeof queueOrders)[number]
