import { randomBytes } from 'node:crypto'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const publicIdPattern = /^[0-9A-Za-z]{10}$/

export type IdSource = () => string

// Opaque ids are random; the seed passes a deterministic source so the demo data is identical on
// every machine.
export const randomIds: IdSource = () => encode(randomBytes(10))

export function seededIds(seed: number): IdSource {
  let state = seed >>> 0
  return () => {
    const bytes = Buffer.alloc(10)
    for (let i = 0; i < 10; i++) {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
      bytes[i] = state & 0xff
    }
    return encode(bytes)
  }
}

function encode(bytes: Buffer): string {
  let out = ''
  for (const b of bytes) out += alphabet[b % 62]
  return out
}
