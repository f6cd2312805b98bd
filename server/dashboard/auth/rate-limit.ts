import type { AttemptKeys, SignInRules, WindowRule } from './sign-in-rules.ts'

export type Admission =
  /**
   * Counted; `accountAttempts` were counted on the account before this one, `pairAttempts` on the
   * account from this address.
   */
  | { admitted: true; accountAttempts: number; pairAttempts: number }
  | { admitted: false; retryAfterMs: number }

/**
 * Sign-in attempts are counted before their password is hashed, so a burst sent at once cannot
 * all pass a check made before any of them is recorded.
 */
export interface SignInLimiter {
  /**
   * Refuses the attempt if its pair or its address has used its attempts (and counts nothing);
   * otherwise counts it against all three at once.
   */
  admit(keys: AttemptKeys): Promise<Admission>
  /** The attempt was never checked (the server was too busy): it no longer counts. */
  release(keys: AttemptKeys): Promise<void>
  /** The password was right: the pair starts afresh, and the attempt no longer counts. */
  succeeded(keys: AttemptKeys): Promise<void>
}

interface Window {
  count: number
  endsAt: number
}

// 100,000 keys at about 200 bytes each (key, window, map entry) stay near 20 MB. Refused attempts make no keys, so an
// address makes at most 61 a window: filling the map takes over 1,600 addresses.
const defaultMaxKeys = 100_000

/**
 * The limiter of a single server. Windows are kept in a Map in the order they started, which
 * (every rule's window being as long) is the order they end: ended ones are dropped from the
 * front, and at the cap the oldest goes first.
 */
export function createMemoryLimiter(
  rules: SignInRules,
  options: { maxKeys?: number; now?: () => number } = {},
): SignInLimiter & { keys(): string[] } {
  const maxKeys = options.maxKeys ?? defaultMaxKeys
  const now = options.now ?? Date.now
  const windows = new Map<string, Window>()

  function forgetEnded() {
    for (const [key, window] of windows) {
      if (window.endsAt > now()) return
      windows.delete(key)
    }
  }
  const live = (key: string) => {
    const window = windows.get(key)
    return window && window.endsAt > now() ? window : undefined
  }
  const waitFor = (key: string, rule: WindowRule) => {
    const window = live(key)
    return window && window.count >= rule.attempts ? window.endsAt - now() : 0
  }
  function count(key: string, windowMs: number): number {
    const window = live(key)
    if (window) return window.count++
    windows.delete(key)
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value
      if (oldest === undefined) break
      windows.delete(oldest)
    }
    windows.set(key, { count: 1, endsAt: now() + windowMs })
    return 0
  }
  function giveBack(key: string) {
    const window = live(key)
    if (!window) return
    window.count -= 1
    if (window.count <= 0) windows.delete(key)
  }

  return {
    async admit(keys) {
      forgetEnded()
      const wait = Math.max(waitFor(keys.pair, rules.pair), waitFor(keys.address, rules.address))
      if (wait > 0) return { admitted: false, retryAfterMs: wait }
      const pairAttempts = count(keys.pair, rules.pair.windowMs)
      count(keys.address, rules.address.windowMs)
      const accountAttempts = count(keys.account, rules.account.windowMs)
      return { admitted: true, accountAttempts, pairAttempts }
    },
    async release(keys) {
      giveBack(keys.pair)
      giveBack(keys.address)
      giveBack(keys.account)
    },
    async succeeded(keys) {
      windows.delete(keys.pair)
      giveBack(keys.address)
      giveBack(keys.account)
    },
    /** The keys held (for tests and metrics): digests and address groups, never an email. */
    keys: () => [...windows.keys()],
  }
}
