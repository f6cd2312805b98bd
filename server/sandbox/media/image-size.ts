export interface ImageSize {
  format: 'jpg' | 'png' | 'webp' | 'gif'
  width: number
  height: number
}

/** Format and pixel size from an image's header bytes; null when unrecognised or malformed. */
export function imageSize(buf: Buffer): ImageSize | null {
  const size = pngSize(buf) ?? gifSize(buf) ?? webpSize(buf) ?? jpegSize(buf)
  return size && size.width > 0 && size.height > 0 ? size : null
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngSize(buf: Buffer): ImageSize | null {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return null
  return { format: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}

function gifSize(buf: Buffer): ImageSize | null {
  const signature = buf.toString('latin1', 0, 6)
  if (buf.length < 10 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return null
  return { format: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) }
}

function webpSize(buf: Buffer): ImageSize | null {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF') return null
  if (buf.toString('latin1', 8, 12) !== 'WEBP') return null
  const chunk = buf.toString('latin1', 12, 16)
  if (chunk === 'VP8 ') {
    // Key frame tag, then the 9d 01 2a start code and two 14-bit dimensions.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null
    const width = buf.readUInt16LE(26) & 0x3fff
    return { format: 'webp', width, height: buf.readUInt16LE(28) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null
    const bits = buf.readUInt32LE(21)
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return { format: 'webp', width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 }
  }
  return null
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range.
const NOT_START_OF_FRAME = new Set([0xc4, 0xc8, 0xcc])
const START_OF_SCAN = 0xda

function jpegSize(buf: Buffer): ImageSize | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null
  let offset = 2
  while (offset < buf.length) {
    if (buf[offset] !== 0xff) return null
    while (buf[offset] === 0xff) offset++ // fill bytes may pad before a marker
    const marker = buf[offset]
    if (marker === undefined || marker === START_OF_SCAN || marker === 0xd9) return null
    offset++
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue
    if (offset + 2 > buf.length) return null
    const segmentLength = buf.readUInt16BE(offset)
    if (segmentLength < 2) return null
    if (marker >= 0xc0 && marker <= 0xcf && !NOT_START_OF_FRAME.has(marker)) {
      if (offset + 7 > buf.length) return null
      return {
        format: 'jpg',
        width: buf.readUInt16BE(offset + 5),
        height: buf.readUInt16BE(offset + 3),
      }
    }
    offset += segmentLength
  }
  return null
}
