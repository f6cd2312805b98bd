import { webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifySignature } from '../../../server/dashboard/live/verify-signature.ts'

// Vectors computed here with Web Crypto, independently of the verifier's node:crypto HMAC.
async function sign(secret: string, t: string, body: string) {
  const key = await webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${t}.${body}`))
  return Buffer.from(mac).toString('base64')
}

const now = 1_790_000_000_000
const t = String(now - 1_000)
const body = '{"event_type":"video_updated","created":1790000000,"data":{"id":"v1"}}'
const secret = 'whsec_current'
const check = (header: string | string[] | undefined, raw = body, secrets = [secret]) =>
  verifySignature(secrets, header, Buffer.from(raw), now)

describe('webhook signatures', () => {
  it('accepts t and v1 as documented, with optional spaces and several v1', async () => {
    const v1 = await sign(secret, t, body)
    expect(check(`t=${t},v1=${v1}`)).toEqual({ ok: true, timestampMs: Number(t) })
    expect(check(` t=${t} , v1=${v1} `).ok).toBe(true)
    const other = await sign('whsec_other', t, body)
    expect(check(`t=${t},v1=${other},v1=${v1}`).ok).toBe(true)
    expect(check(`v1=${v1},t=${t}`).ok).toBe(true)
  })

  it('accepts either secret during a rotation', async () => {
    const old = await sign('whsec_old', t, body)
    expect(check(`t=${t},v1=${old}`, body, [secret, 'whsec_old']).ok).toBe(true)
    expect(check(`t=${t},v1=${old}`).ok).toBe(false)
  })

  it('refuses a wrong secret, a changed body and a changed t', async () => {
    const v1 = await sign(secret, t, body)
    expect(check(`t=${t},v1=${await sign('whsec_wrong', t, body)}`)).toEqual({
      ok: false,
      reason: 'signature does not match',
    })
    expect(check(`t=${t},v1=${v1}`, body.replace('v1', 'v2')).ok).toBe(false)
    expect(check(`t=${Number(t) + 1},v1=${v1}`).ok).toBe(false)
    // The same JSON, re-serialized, is not the body that was signed.
    expect(check(`t=${t},v1=${v1}`, JSON.stringify(JSON.parse(body), null, 1)).ok).toBe(false)
  })

  it('refuses stale, future and seconds timestamps', async () => {
    const at = async (time: string) => check(`t=${time},v1=${await sign(secret, time, body)}`)
    expect(await at(String(now - 5 * 60_000 - 1))).toEqual({
      ok: false,
      reason: 'timestamp too old',
    })
    expect((await at(String(now - 5 * 60_000))).ok).toBe(true)
    expect(await at(String(now + 5 * 60_000 + 1))).toEqual({
      ok: false,
      reason: 'timestamp in the future',
    })
    expect(await at(String(Math.floor(now / 1000)))).toEqual({
      ok: false,
      reason: 'timestamp in seconds, not milliseconds',
    })
  })

  it('refuses invalid and non-canonical base64, and malformed headers', async () => {
    const v1 = await sign(secret, t, body)
    // The 43rd character carries 4 bits of the digest and 2 that must be zero: setting one
    // decodes to the same bytes, but is not canonical base64.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    const lastBitsSet = `${v1.slice(0, 42)}${alphabet[alphabet.indexOf(v1[42] ?? 'A') | 1]}=`
    expect(Buffer.from(lastBitsSet, 'base64')).toEqual(Buffer.from(v1, 'base64'))
    const malformed = [
      `t=${t},v1=${lastBitsSet}`,
      `t=${t},v1=${v1.slice(0, -1)}`,
      `t=${t},v1=${v1}==`,
      `t=${t},v1=${v1.replace(/[+/]/, '-')}x`,
      `t=${t},v1=`,
      `v1=${v1}`,
      `t=${t}`,
      `t=${t},t=${t},v1=${v1}`,
      `t=${t};v1=${v1}`,
      `t=${t},,v1=${v1}`,
      `t=-${t},v1=${v1}`,
      `t=${t}.5,v1=${v1}`,
      `t = ${t},v1=${v1}`,
      '',
    ]
    for (const header of malformed) expect(check(header), header).toMatchObject({ ok: false })
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing signature' })
    expect(check([`t=${t},v1=${v1}`, `t=${t},v1=${v1}`])).toEqual({
      ok: false,
      reason: 'malformed signature',
    })
  })
})
