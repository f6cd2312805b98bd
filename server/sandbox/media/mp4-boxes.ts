import type { ByteSource } from './byte-source.ts'
import { InvalidMediaError } from './invalid-media-error.ts'

export interface BoxHeader {
  type: string
  /** Offset of the first header byte. */
  start: number
  headerSize: number
  /** Whole box including the header. */
  size: number
}

export function payloadStart(box: BoxHeader): number {
  return box.start + box.headerSize
}

export function boxEnd(box: BoxHeader): number {
  return box.start + box.size
}

export function isFourCc(bytes: Buffer): boolean {
  return bytes.length === 4 && bytes.every((byte) => byte >= 0x20 && byte <= 0x7e)
}

/** Reads the header of the box at `offset`, which must end by `limit` (its container's end). */
export async function readBoxHeader(
  source: ByteSource,
  offset: number,
  limit: number,
): Promise<BoxHeader> {
  if (limit - offset < 8) {
    throw new InvalidMediaError(`truncated: box header at offset ${offset} is cut off`)
  }
  const head = await source.read(offset, Math.min(16, limit - offset))
  const typeBytes = head.subarray(4, 8)
  if (!isFourCc(typeBytes)) {
    throw new InvalidMediaError(`garbage at offset ${offset}: not an ISO-BMFF box`)
  }
  const type = typeBytes.toString('latin1')
  const size32 = head.readUInt32BE(0)
  let size = size32
  let headerSize = 8
  if (size32 === 1) {
    if (head.length < 16) {
      throw new InvalidMediaError(`truncated: 64-bit size of box '${type}' at ${offset} is cut off`)
    }
    const size64 = head.readBigUInt64BE(8)
    if (size64 > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new InvalidMediaError(`box '${type}' at offset ${offset} declares an impossible size`)
    }
    size = Number(size64)
    headerSize = 16
  } else if (size32 === 0) {
    size = limit - offset
  }
  if (size < headerSize) {
    throw new InvalidMediaError(`box '${type}' at offset ${offset} has invalid size ${size}`)
  }
  if (offset + size > limit) {
    throw new InvalidMediaError(
      `truncated: box '${type}' at offset ${offset} declares ${size} bytes but only ${limit - offset} remain`,
    )
  }
  return { type, start: offset, headerSize, size }
}

/**
 * Yields the boxes laid end to end in [start, end). Inside containers a tail shorter than a box
 * header is ignored, because QuickTime atom lists may end with a 32-bit zero terminator.
 */
export async function* walkBoxes(
  source: ByteSource,
  start: number,
  end: number,
  options: { topLevel?: boolean } = {},
): AsyncGenerator<BoxHeader> {
  let offset = start
  while (offset < end) {
    if (!options.topLevel && end - offset < 8) return
    const box = await readBoxHeader(source, offset, end)
    yield box
    offset = boxEnd(box)
  }
}

export async function* walkChildren(
  source: ByteSource,
  container: BoxHeader,
): AsyncGenerator<BoxHeader> {
  yield* walkBoxes(source, payloadStart(container), boxEnd(container))
}

export async function findChild(
  source: ByteSource,
  container: BoxHeader,
  type: string,
): Promise<BoxHeader | null> {
  for await (const child of walkChildren(source, container)) {
    if (child.type === type) return child
  }
  return null
}

/** The box body after its header, capped at `maxBytes` so large boxes are never pulled in whole. */
export async function readPayload(
  source: ByteSource,
  box: BoxHeader,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  return source.read(payloadStart(box), Math.min(box.size - box.headerSize, maxBytes))
}

/** Reads a 32- or 64-bit unsigned field; null for the all-ones "unknown" value. */
export function readUint(
  payload: Buffer,
  offset: number,
  bytes: 4 | 8,
  box: string,
): number | null {
  if (payload.length < offset + bytes) {
    throw new InvalidMediaError(`truncated: '${box}' box is too short`)
  }
  if (bytes === 4) {
    const value = payload.readUInt32BE(offset)
    return value === 0xffffffff ? null : value
  }
  const value = payload.readBigUInt64BE(offset)
  if (value === 0xffffffffffffffffn) return null
  return Number(value)
}
