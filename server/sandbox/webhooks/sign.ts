import { createHmac, timingSafeEqual } from 'node:crypto'

export const WEBHOOK_SIGNATURE_HEADER = 'Service-Webhooks-Signature'
export const DEFAULT_SIGNATURE_TOLERANCE_MS = 5 * 60_000

export type WebhookSignatureFailure = 'malformed_header' | 'stale_timestamp' | 'bad_signature'

export type WebhookSignatureCheck =
  | { ok: true; timestampMs: number }
  | { ok: false; reason: WebhookSignatureFailure }

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const DIGITS = /^\d{1,16}$/

function webhookHmac(secret: string, timestampMs: number, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestampMs}.`).update(rawBody).digest()
}

/** Header value `t=<unix ms>,v1=<base64 HMAC-SHA256 of "<t>.<rawBody>">`. */
export function signWebhook(secret: string, rawBody: string, nowMs: number): string {
  const timestampMs = Math.floor(nowMs)
  const v1 = webhookHmac(secret, timestampMs, rawBody).toString('base64')
  return `t=${timestampMs},v1=${v1}`
}

type ParsedSignatureHeader = { timestampMs: number; signatures: Buffer[] }

function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestampMs: number | null = null
  const signatures: Buffer[] = []
  for (const part of header.split(',')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (key === 't') {
      if (timestampMs !== null || !DIGITS.test(value)) return null
      timestampMs = Number(value)
    } else if (key === 'v1') {
      if (!BASE64.test(value)) return null
      signatures.push(Buffer.from(value, 'base64'))
    }
    // Unknown components (future schemes) are ignored so they can be added without breaking us.
  }
  if (timestampMs === null || signatures.length === 0) return null
  return { timestampMs, signatures }
}

/**
 * Verifies a `Service-Webhooks-Signature` header against the raw request body, exactly as
 * received. Several v1 components are accepted (any match passes) to allow secret rotation.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  options: { toleranceMs?: number; nowMs?: number } = {},
): WebhookSignatureCheck {
  const { toleranceMs = DEFAULT_SIGNATURE_TOLERANCE_MS, nowMs = Date.now() } = options
  if (typeof header !== 'string') return { ok: false, reason: 'malformed_header' }
  const parsed = parseSignatureHeader(header)
  if (!parsed) return { ok: false, reason: 'malformed_header' }
  if (Math.abs(nowMs - parsed.timestampMs) > toleranceMs) {
    return { ok: false, reason: 'stale_timestamp' }
  }
  const expected = webhookHmac(secret, parsed.timestampMs, rawBody)
  const matches = parsed.signatures.some(
    (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
  )
  return matches
    ? { ok: true, timestampMs: parsed.timestampMs }
    : { ok: false, reason: 'bad_signature' }
}
