import { createHash, randomBytes } from 'node:crypto'
import type { ServiceEvent, UnreadVideoEvent } from '../../../src/api/service-event.ts'

/** Keys are kept for the whole retry schedule (6 attempts over more than three days), not 5 min. */
export const DEDUP_TTL_MS = 7 * 24 * 60 * 60_000
/**
 * How long a delivery being applied holds its key: a process that dies meanwhile frees it, and
 * until then every other replica answers the event 503. Applying is a read and a claim (a second
 * or two under load); a second replica applying it meanwhile changes nothing (the index keeps
 * the newer state, the rules' runs are claimed once), so the hold is short (30 s kept a killed
 * replica's events from the survivor for the whole of bench:rules' burst tail).
 */
export const APPLYING_TTL_MS = 10_000

/**
 * event_type + data.id + created (data.import_id for video_import_failed), section 6.5, plus a
 * digest of `data`: two different events for one video in the same second are both applied,
 * while a redelivery (the same data) is still recognised.
 */
export function dedupKey(event: ServiceEvent): string {
  const id = event.event_type === 'video_import_failed' ? event.data.import_id : event.data.id
  const digest = createHash('sha256').update(canonicalJson(event.data)).digest('base64url')
  return [event.event_type, id, event.created, digest].join(':')
}

/** The same key for an event that names a video but cannot be read in full, over its raw data. */
export function unreadKey(event: UnreadVideoEvent, rawData: unknown): string {
  const digest = createHash('sha256').update(canonicalJson(rawData)).digest('base64url')
  return [event.event_type, event.data.id, event.created ?? '', digest].join(':')
}

// JSON with every object's keys in order, so the same data always gives the same text.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** What a delivery found when it claimed its key. */
export type Claim =
  | { state: 'claimed'; token: string }
  | { state: 'applied' }
  /** Another delivery of the same event is being applied right now. */
  | { state: 'applying' }

/**
 * Deliveries seen, so that each event is applied once. A key is claimed while its event is
 * applied, recorded as applied afterwards, or released if applying failed. Each method throws
 * when the store cannot be reached.
 */
export interface DeliveryLedger {
  claim(key: string): Promise<Claim>
  markApplied(key: string): Promise<void>
  release(key: string, token: string): Promise<void>
}

export const newClaimToken = () => randomBytes(12).toString('base64url')

// The single-machine ledger: keys in memory with their expiry, swept as they age. A key being
// applied holds its claim's token; an applied one holds null.
export function createMemoryLedger(now: () => number = Date.now): DeliveryLedger {
  const seen = new Map<string, { token: string | null; expiry: number }>()
  let nextSweep = 0
  return {
    async claim(key) {
      const time = now()
      if (time >= nextSweep) {
        for (const [each, entry] of seen) if (entry.expiry <= time) seen.delete(each)
        nextSweep = time + 60_000
      }
      const entry = seen.get(key)
      if (entry && entry.expiry > time)
        return entry.token === null ? { state: 'applied' } : { state: 'applying' }
      const token = newClaimToken()
      seen.set(key, { token, expiry: time + APPLYING_TTL_MS })
      return { state: 'claimed', token }
    },
    async markApplied(key) {
      seen.set(key, { token: null, expiry: now() + DEDUP_TTL_MS })
    },
    async release(key, token) {
      if (seen.get(key)?.token === token) seen.delete(key)
    },
  }
}
