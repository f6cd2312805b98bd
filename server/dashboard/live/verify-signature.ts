import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'service-webhooks-signature'
export const TOLERANCE_MS = 5 * 60_000
/** A `t` below this is not milliseconds (it would be before 2001): most likely seconds. */
const EARLIEST_MS = 1e12
const DIGEST_BYTES = 32

export type SignatureRefusal =
  | 'missing signature'
  | 'malformed signature'
  | 'timestamp in seconds, not milliseconds'
  | 'timestamp too old'
  | 'timestamp in the future'
  | 'signature does not match'

export type SignatureCheck =
  | { ok: true; timestampMs: number }
  | { ok: false; reason: SignatureRefusal }

const COMPONENT = /^\s*([a-z][a-z0-9]*)=(\S*)\s*$/
const DIGITS = /^[0-9]{1,16}$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

// `t=<digits>,v1=<base64>[,v1=…]` with optional spaces. Each component splits on its first `=`
// only (base64 ends in `=`); `t` must appear once, `v1` at least once; other well-formed
// components (a future scheme) are ignored. A v1 must be canonical base64 of a SHA-256 digest.
function parse(header: string): { timestamp: string; signatures: Buffer[] } | null {
  let timestamp: string | null = null
  const signatures: Buffer[] = []
  for (const part of header.split(',')) {
    const match = COMPONENT.exec(part)
    if (!match) return null
    const [, key, value = ''] = match
    if (key === 't') {
      if (timestamp !== null || !DIGITS.test(value)) return null
      timestamp = value
    } else if (key === 'v1') {
      if (!BASE64.test(value)) return null
      const bytes = Buffer.from(value, 'base64')
      if (bytes.length !== DIGEST_BYTES || bytes.toString('base64') !== value) return null
      signatures.push(bytes)
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures }
}

/**
 * Checks a delivery against every current secret (two during a rotation), on the raw body exactly
 * as received: HMAC-SHA256 of `t` + `.` + body, compared in constant time (document 1, 6.6).
 */
export function verifySignature(
  secrets: readonly string[],
  header: string | string[] | undefined,
  rawBody: Buffer,
  nowMs: number,
): SignatureCheck {
  if (header === undefined) return { ok: false, reason: 'missing signature' }
  if (Array.isArray(header)) return { ok: false, reason: 'malformed signature' }
  const parsed = parse(header)
  if (!parsed) return { ok: false, reason: 'malformed signature' }
  const timestampMs = Number(parsed.timestamp)
  if (timestampMs < EARLIEST_MS)
    return { ok: false, reason: 'timestamp in seconds, not milliseconds' }
  if (nowMs - timestampMs > TOLERANCE_MS) return { ok: false, reason: 'timestamp too old' }
  if (timestampMs - nowMs > TOLERANCE_MS) return { ok: false, reason: 'timestamp in the future' }
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret)
      .update(`${parsed.timestamp}.`)
      .update(rawBody)
      .digest()
    for (const candidate of parsed.signatures) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected))
        return { ok: true, timestampMs }
    }
  }
  return { ok: false, reason: 'signature does not match' }
}

/** `SERVICE_WEBHOOK_SECRET`: one secret, or two separated by a comma during a rotation. */
export const parseSecrets = (value: string) =>
  value
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
