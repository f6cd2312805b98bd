import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signWebhook, verifyWebhookSignature } from '../../../server/sandbox/webhooks/sign.ts'

const secret = 'whsec_test_secret'
const body = '{"event_type":"video_created","version":"2023-06-06"}'
const signedAt = 1_700_000_000_123

describe('signWebhook', () => {
  it('produces t=<ms>,v1=<base64 HMAC-SHA256 of "t.body">', () => {
    const expected = createHmac('sha256', secret).update(`${signedAt}.${body}`).digest('base64')
    expect(signWebhook(secret, body, signedAt)).toBe(`t=${signedAt},v1=${expected}`)
  })
})

describe('verifyWebhookSignature', () => {
  const header = signWebhook(secret, body, signedAt)
  const nowMs = signedAt + 1_000

  it('accepts the raw body as a string or as bytes', () => {
    expect(verifyWebhookSignature(secret, header, body, { nowMs })).toEqual({
      ok: true,
      timestampMs: signedAt,
    })
    expect(verifyWebhookSignature(secret, header, Buffer.from(body), { nowMs }).ok).toBe(true)
  })

  it('rejects a tampered body and a wrong secret', () => {
    const tampered = body.replace('video_created', 'video_updated')
    expect(verifyWebhookSignature(secret, header, tampered, { nowMs })).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    expect(verifyWebhookSignature('other', header, body, { nowMs })).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    // Re-serialized JSON is different bytes, so it must not verify either.
    const reserialized = JSON.stringify(JSON.parse(body), null, 1)
    expect(verifyWebhookSignature(secret, header, reserialized, { nowMs }).ok).toBe(false)
  })

  it('rejects a timestamp outside the tolerance, in the past or the future', () => {
    const stale = { nowMs: signedAt + 5 * 60_000 + 1 }
    expect(verifyWebhookSignature(secret, header, body, stale)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    })
    const future = { nowMs: signedAt - 5 * 60_000 - 1 }
    expect(verifyWebhookSignature(secret, header, body, future).ok).toBe(false)
    expect(verifyWebhookSignature(secret, header, body, { nowMs: signedAt + 5 * 60_000 }).ok).toBe(
      true,
    )
    const strict = { nowMs: signedAt + 2_000, toleranceMs: 1_000 }
    expect(verifyWebhookSignature(secret, header, body, strict).ok).toBe(false)
  })

  it('rejects a signature that was moved to another timestamp', () => {
    const v1 = header.split('v1=')[1]
    const moved = `t=${signedAt + 1},v1=${v1}`
    expect(verifyWebhookSignature(secret, moved, body, { nowMs }).ok).toBe(false)
  })

  it.each([
    ['missing header', undefined],
    ['empty', ''],
    ['garbage', 'not a signature'],
    ['no v1', `t=${signedAt}`],
    ['no t', `v1=${header.split('v1=')[1]}`],
    ['non-numeric t', `t=abc,v1=${header.split('v1=')[1]}`],
    ['negative t', `t=-5,v1=${header.split('v1=')[1]}`],
    ['duplicate t', `t=${signedAt},t=${signedAt},v1=${header.split('v1=')[1]}`],
    ['v1 not base64', `t=${signedAt},v1=%%%`],
    ['empty v1', `t=${signedAt},v1=`],
  ])('rejects a malformed header: %s', (_name, malformed) => {
    expect(verifyWebhookSignature(secret, malformed, body, { nowMs })).toEqual({
      ok: false,
      reason: 'malformed_header',
    })
  })

  it('parses whitespace, unknown components and several v1 values', () => {
    const v1 = header.split('v1=')[1]
    const spaced = ` t=${signedAt} , v0=legacy, v1=${v1} `
    expect(verifyWebhookSignature(secret, spaced, body, { nowMs }).ok).toBe(true)
    const rotated = `t=${signedAt},v1=${Buffer.alloc(32).toString('base64')},v1=${v1}`
    expect(verifyWebhookSignature(secret, rotated, body, { nowMs }).ok).toBe(true)
  })

  it('rejects a truncated signature without throwing', () => {
    const truncated = `t=${signedAt},v1=${Buffer.alloc(8).toString('base64')}`
    expect(verifyWebhookSignature(secret, truncated, body, { nowMs })).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  })
})
