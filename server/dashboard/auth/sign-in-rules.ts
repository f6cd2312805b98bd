import { createHash } from 'node:crypto'
import { normalizeEmail } from './accounts.ts'
import { addressGroup } from './address-group.ts'

/** At most `attempts` failed sign-ins in a fixed window that starts with the first. */
export interface WindowRule {
  attempts: number
  windowMs: number
}

export interface SignInRules {
  /** One account from one address: tight, and a hard stop until the window ends. */
  pair: WindowRule
  /** One address across accounts: password spraying. */
  address: WindowRule
  /** One account from anywhere: never a lock, only a growing wait. */
  account: { windowMs: number; freeAttempts: number; firstDelayMs: number; maxDelayMs: number }
}

const fifteenMinutes = 15 * 60 * 1000

// Why these numbers:
// - pair, 5 in 15 minutes: room for a person's typos (and a caps-lock), while one address gets
//   20 guesses an hour at one account. It is keyed by address, so it cannot lock anyone else out.
// - address, 30 in 15 minutes across accounts: an office behind one NAT making typos stays well
//   under it; a sprayer gets 30 guesses per 15 minutes per address (per IPv6 /64).
// - account, from anywhere: after 5 failures every further attempt waits 1 s, doubling to 8 s.
//   Attackers on many addresses are slowed, and the owner still gets in after at most 8 s
//   (well under the 30 s proxies and browsers give a request), so lockout is no weapon.
export const signInRules: SignInRules = {
  pair: { attempts: 5, windowMs: fifteenMinutes },
  address: { attempts: 30, windowMs: fifteenMinutes },
  account: { windowMs: fifteenMinutes, freeAttempts: 5, firstDelayMs: 1000, maxDelayMs: 8000 },
}

/** How long an attempt on an account waits, given the attempts counted before it. */
export function accountDelayMs(
  attemptsBefore: number,
  rule: SignInRules['account'] = signInRules.account,
): number {
  const over = attemptsBefore - rule.freeAttempts
  if (over < 0) return 0
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(over, 30))
}

/** The counters one attempt touches. */
export interface AttemptKeys {
  pair: string
  account: string
  address: string
}

/**
 * Counters are keyed by a SHA-256 digest of the normalised email, so neither memory nor Redis
 * holds the addresses people typed (with or without an account behind them).
 */
export function attemptKeys(email: string, address: string): AttemptKeys {
  const digest = createHash('sha256').update(normalizeEmail(email)).digest('hex')
  const group = addressGroup(address)
  return {
    pair: `pair:${digest}:${group}`,
    account: `account:${digest}`,
    address: addressKey(address),
  }
}

/** The key of a client address's group (an IPv6 /64), for limits and the password queue. */
export const addressKey = (address: string) => `address:${addressGroup(address)}`
