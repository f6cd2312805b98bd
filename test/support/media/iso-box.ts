/** Byte-level helpers for writing ISO-BMFF boxes in test fixtures. */

export function u8(value: number): Buffer {
  return Buffer.from([value])
}

export function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(value)
  return bytes
}

export function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value >>> 0)
  return bytes
}

export function i32(value: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32BE(value)
  return bytes
}

export function u64(value: number): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(value))
  return bytes
}

export function zeros(length: number): Buffer {
  return Buffer.alloc(length)
}

export function fourCc(code: string): Buffer {
  if (code.length !== 4) throw new Error(`four-character code expected, got '${code}'`)
  return Buffer.from(code, 'latin1')
}

/** Header for a box whose body is `bodyBytes` long; 64-bit (size==1) when asked or needed. */
export function boxHeader(type: string, bodyBytes: number, largeSize = false): Buffer {
  if (largeSize || bodyBytes + 8 > 0xffffffff) {
    return Buffer.concat([u32(1), fourCc(type), u64(bodyBytes + 16)])
  }
  return Buffer.concat([u32(bodyBytes + 8), fourCc(type)])
}

export function box(type: string, ...body: Buffer[]): Buffer {
  const payload = Buffer.concat(body)
  return Buffer.concat([boxHeader(type, payload.length), payload])
}

export function largeBox(type: string, ...body: Buffer[]): Buffer {
  const payload = Buffer.concat(body)
  return Buffer.concat([boxHeader(type, payload.length, true), payload])
}

export function fullBox(type: string, version: number, flags: number, ...body: Buffer[]): Buffer {
  return box(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...body)
}
