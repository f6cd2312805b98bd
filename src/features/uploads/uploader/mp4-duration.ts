// The duration written in an MP4/MOV container (ISO BMFF `moov/mvhd`), read from the file's boxes
// without decoding: the fallback when the browser's <video> cannot open a file (a codec it lacks),
// as the service's own check reads the container too. Only the box headers and the moov box are
// read, wherever the moov is (before or after the media data).

export type ReadBytes = (offset: number, length: number) => Promise<Uint8Array>

const MAX_MOOV_BYTES = 64 * 1024 * 1024

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

const u64 = (view: DataView, at: number) => view.getUint32(at) * 2 ** 32 + view.getUint32(at + 4)

interface BoxHeader {
  type: string
  start: number
  headerSize: number
  size: number
}

function parseHeader(bytes: Uint8Array, start: number, available: number): BoxHeader | null {
  if (bytes.length < 8) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const size32 = view.getUint32(0)
  const type = fourCc(bytes, 4)
  if (size32 === 1) {
    if (bytes.length < 16) return null
    return { type, start, headerSize: 16, size: u64(view, 8) }
  }
  // size 0: the box runs to the end of its container.
  return { type, start, headerSize: 8, size: size32 === 0 ? available : size32 }
}

/** Seconds from the mvhd box, or null when the container has none (or says 0, as fragmented files do). */
export function mvhdSeconds(mvhd: Uint8Array): number | null {
  const view = new DataView(mvhd.buffer, mvhd.byteOffset, mvhd.byteLength)
  const version = mvhd[0]
  if (version === 1) {
    if (mvhd.length < 32) return null
    const timescale = view.getUint32(20)
    const duration = u64(view, 24)
    return timescale > 0 && duration > 0 ? duration / timescale : null
  }
  if (mvhd.length < 20) return null
  const timescale = view.getUint32(12)
  const duration = view.getUint32(16)
  return timescale > 0 && duration > 0 && duration !== 0xffffffff ? duration / timescale : null
}

/** Finds the top-level moov and returns its mvhd duration in seconds. */
export async function containerDuration(read: ReadBytes, size: number): Promise<number | null> {
  let offset = 0
  while (offset + 8 <= size) {
    const header = parseHeader(await read(offset, 16), offset, size - offset)
    if (!header || header.size < header.headerSize) return null
    if (header.type === 'moov') {
      const bodySize = Math.min(header.size, size - offset) - header.headerSize
      if (bodySize > MAX_MOOV_BYTES) return null
      const moov = await read(offset + header.headerSize, bodySize)
      let inner = 0
      while (inner + 8 <= moov.length) {
        const child = parseHeader(moov.subarray(inner, inner + 16), inner, moov.length - inner)
        if (!child || child.size < child.headerSize) return null
        if (child.type === 'mvhd')
          return mvhdSeconds(moov.subarray(inner + child.headerSize, inner + child.size))
        inner += child.size
      }
      return null
    }
    offset += header.size
  }
  return null
}

export const blobReader =
  (blob: Blob): ReadBytes =>
  async (offset, length) =>
    new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer())
