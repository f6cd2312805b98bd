import { createHmac } from 'node:crypto'

export interface BadDelivery {
  kind: string
  body: Buffer
  /** Header lines as sent; several entries with one name make a duplicated header. */
  headers: Array<[string, string]>
}

const NAME = 'service-webhooks-signature'
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const mac = (secret: string, t: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(`${t}.`).update(body).digest()

// A deterministic generator (xorshift), so a failing case can be found again by its index.
function randomFrom(seed: number) {
  let state = seed || 1
  return (below: number) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % below
  }
}

const flipBit = (bytes: Buffer, bit: number) => {
  const copy = Buffer.from(bytes)
  const index = Math.floor(bit / 8) % copy.length
  copy[index] = (copy[index] ?? 0) ^ (1 << (bit % 8))
  return copy
}

/**
 * `count` deliveries that must all be refused: each carries a real event (so applying one would
 * show), broken in one way. Every kind of the issue's list is generated in turn.
 */
export function badDeliveries(secret: string, count: number, nowMs: number): BadDelivery[] {
  const random = randomFrom(20261122)
  const out: BadDelivery[] = []
  for (let index = 0; index < count; index++) {
    const event = {
      event_type: 'video_updated',
      version: '2023-06-06',
      created: 1_790_000_000 + index,
      business_id: 'b1',
      data: { id: `bad-${index}`, status: 'approved', caption: `Forged ${index}` },
    }
    const text = JSON.stringify(event)
    const body = Buffer.from(text)
    const t = String(nowMs - random(60_000))
    const v1 = mac(secret, t, body).toString('base64')
    const signed = (header: string, raw = body, kind = ''): BadDelivery => ({
      kind,
      body: raw,
      headers: [[NAME, header]],
    })
    const kinds: Array<() => BadDelivery> = [
      () => signed(`t=${t},v1=${mac(`${secret}x`, t, body).toString('base64')}`),
      () => signed(`t=${t},v1=${v1}`, flipBit(body, random(body.length * 8))),
      () =>
        signed(`t=${t},v1=${flipBit(Buffer.from(v1, 'base64'), random(256)).toString('base64')}`),
      () => {
        const position = random(t.length)
        const digit = String((Number(t[position]) + 1 + random(8)) % 10)
        return signed(`t=${t.slice(0, position)}${digit}${t.slice(position + 1)},v1=${v1}`)
      },
      () => signed(`t=${t},v1=${v1.slice(0, 10)}${'!-_.'[random(4)]}${v1.slice(11)}`),
      () => {
        const last = ALPHABET[ALPHABET.indexOf(v1[42] ?? 'A') | (1 + random(3))] ?? 'B'
        return signed(`t=${t},v1=${v1.slice(0, 42)}${last}=`)
      },
      () => {
        const seconds = String(Math.floor(nowMs / 1000) - random(100))
        return signed(`t=${seconds},v1=${mac(secret, seconds, body).toString('base64')}`)
      },
      () => {
        const stale = String(nowMs - 5 * 60_000 - 1_000 - random(3 * 24 * 3_600_000))
        return signed(`t=${stale},v1=${mac(secret, stale, body).toString('base64')}`)
      },
      () => {
        // A minute past the tolerance, so it is still in the future when the test sends it.
        const future = String(nowMs + 6 * 60_000 + random(3_600_000))
        return signed(`t=${future},v1=${mac(secret, future, body).toString('base64')}`)
      },
      () => signed(`t=${t},v1=${v1}`, Buffer.from(JSON.stringify(event, null, random(4) + 1))),
      () => ({ kind: '', body, headers: [] }),
      () => signed(`t=${t},t=${t},v1=${v1}`),
      () => ({
        kind: '',
        body,
        headers: [
          [NAME, `t=${t},v1=${v1}`],
          [NAME, `t=${t},v1=${v1}`],
        ],
      }),
      () =>
        signed(
          [
            `v1=${v1}`,
            `t=${t}`,
            `t:${t},v1:${v1}`,
            `t=${t};v1=${v1}`,
            `t=${t},v1=${v1},`,
            `t=0x${Number(t).toString(16)},v1=${v1}`,
            `${v1}`,
            '',
            `t=${t},v1=${v1}x`,
          ][random(9)] ?? '',
        ),
    ]
    const pick = random(kinds.length)
    const made = (kinds[pick] as () => BadDelivery)()
    out.push({ ...made, kind: `kind ${pick}` })
  }
  return out
}
