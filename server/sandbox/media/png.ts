import { constants, deflateSync } from 'node:zlib'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const COLOR_TYPE_RGB = 2
const FILTER_SUB = 1
const BYTES_PER_PIXEL = 3
// Sub-filtered rows of flat colour are runs of zeros: run-length matching packs them nearly as
// tightly as level 9's full search (2.7 against 2.1 KB a demo product picture) at a twentieth of
// its time, which was most of the time a page of catalog results took the sandbox to draw.
const RUNS_ONLY = { level: 9, strategy: constants.Z_RLE }

/** Encodes 8-bit RGB pixels (row-major, no padding) as a PNG. */
export function encodeRgbPng(width: number, height: number, rgb: Buffer): Buffer {
  const rowBytes = width * BYTES_PER_PIXEL
  if (rgb.length !== rowBytes * height) throw new Error('pixel buffer does not match the size')
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = COLOR_TYPE_RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(subFilteredScanlines(rgb, rowBytes, height), RUNS_ONLY)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// The Sub filter turns flat runs (our gradients are constant across each row) into zeros.
function subFilteredScanlines(rgb: Buffer, rowBytes: number, height: number): Buffer {
  const out = Buffer.alloc((rowBytes + 1) * height)
  for (let y = 0; y < height; y++) {
    const source = y * rowBytes
    const target = y * (rowBytes + 1) + 1
    out[target - 1] = FILTER_SUB
    // The first pixel has nothing to its left: its bytes go as they are.
    rgb.copy(out, target, source, source + Math.min(BYTES_PER_PIXEL, rowBytes))
    for (let x = BYTES_PER_PIXEL; x < rowBytes; x++)
      out[target + x] =
        ((rgb[source + x] as number) - (rgb[source + x - BYTES_PER_PIXEL] as number)) & 0xff
  }
  return out
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  return value >>> 0
})

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
