/** Keys are kept for the whole retry schedule (6 attempts over more than three days), not 5 min. */
export const DEDUP_TTL_MS = 7 * 24 * 60 * 60_000

export interface DeliveryLedger {
  /** True the first time a key is seen (within the TTL); false for a duplicate. */
  claim(key: string): Promise<boolean>
}

// The single-machine ledger: keys in memory with their expiry, swept as they age.
export function createMemoryLedger(now: () => number = Date.now): DeliveryLedger {
  const seen = new Map<string, number>()
  let nextSweep = 0
  return {
    async claim(key) {
      const time = now()
      if (time >= nextSweep) {
        for (const [each, expiry] of seen) if (expiry <= time) seen.delete(each)
        nextSweep = time + 60_000
      }
      const expiry = seen.get(key)
      if (expiry !== undefined && expiry > time) return false
      seen.set(key, time + DEDUP_TTL_MS)
      return true
    },
  }
}
