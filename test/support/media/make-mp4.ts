import { open } from 'node:fs/promises'
import { box, boxHeader, fourCc, u32 } from './iso-box.ts'
import { movieBox } from './movie-boxes.ts'
import { movieFragments } from './movie-fragments.ts'

export interface MakeMp4Options {
  durationSeconds: number
  width?: number
  height?: number
  /** Pads the mdat so the whole file is exactly this long (ignored for fragmented files). */
  totalBytes?: number
  /** moov after the mdat, as cameras write it before any faststart pass. */
  moovAtEnd?: boolean
  /** 64-bit (size==1) box sizes for moov and mdat, plus version-1 mvhd/tkhd/mdhd. */
  largeSize64?: boolean
  /** 'qt  ' brand, QuickTime handler component types and a 'wide' box before the mdat. */
  quicktime?: boolean
  /** No ftyp at all, like QuickTime files from before ISO-BMFF. */
  omitFtyp?: boolean
  /** The last box (mdat) declares size 0, meaning "to the end of the file". */
  mdatSizeZero?: boolean
  /** Stores landscape frames with a 90° matrix; width/height stay the display size. */
  rotate90?: boolean
  audioTrackFirst?: boolean
  /** Fragmented MP4: zero moov durations, mvex/trex and one moof+mdat per second. */
  fragmented?: 'with-mehd' | 'without-mehd'
}

/** A file as head bytes, a run of zero bytes (the mdat payload), then tail bytes. */
export interface Mp4Layout {
  head: Buffer
  zeroBytes: number
  tail: Buffer
  totalBytes: number
}

const DEFAULT_MDAT_PAYLOAD_BYTES = 4096
const VIDEO_SAMPLE_DURATION = 3000 // 30 fps at a 90 kHz timescale

/** Serves reads from a layout as if it were a file, so huge files need no disk or memory. */
export function layoutReader(layout: Mp4Layout) {
  const tailStart = layout.totalBytes - layout.tail.length
  return async (offset: number, length: number): Promise<Buffer> => {
    const end = Math.min(offset + length, layout.totalBytes)
    const out = Buffer.alloc(Math.max(0, end - offset))
    layout.head.subarray(offset, end).copy(out)
    if (end > tailStart) {
      const from = Math.max(offset, tailStart)
      layout.tail.subarray(from - tailStart, end - tailStart).copy(out, from - offset)
    }
    return out
  }
}

export function makeMp4(options: MakeMp4Options): Buffer {
  const layout = layoutMp4(options)
  return Buffer.concat([layout.head, Buffer.alloc(layout.zeroBytes), layout.tail])
}

/**
 * Writes the file without materialising the mdat (the zero run is left to truncate, sparse where
 * the filesystem allows), so 1 GB benchmark fixtures cost neither memory nor much disk.
 */
export async function makeMp4File(path: string, options: MakeMp4Options): Promise<number> {
  const layout = layoutMp4(options)
  const file = await open(path, 'w')
  try {
    await file.truncate(layout.totalBytes)
    await file.write(layout.head, 0, layout.head.length, 0)
    await file.write(layout.tail, 0, layout.tail.length, layout.totalBytes - layout.tail.length)
  } finally {
    await file.close()
  }
  return layout.totalBytes
}

export function layoutMp4(options: MakeMp4Options): Mp4Layout {
  const fragmented = options.fragmented
  const moov = movieBox({
    durationSeconds: options.durationSeconds,
    width: options.width ?? 540,
    height: options.height ?? 960,
    version1: options.largeSize64 ?? false,
    quicktime: options.quicktime ?? false,
    rotate90: options.rotate90 ?? false,
    audioTrackFirst: options.audioTrackFirst ?? false,
    fragments: fragmented
      ? { mehd: fragmented === 'with-mehd', sampleDuration: VIDEO_SAMPLE_DURATION }
      : null,
  })
  const moovBox = options.largeSize64 ? widenBoxHeader(moov) : moov
  const prefix = Buffer.concat([
    options.omitFtyp ? Buffer.alloc(0) : fileType(options.quicktime ?? false),
    options.quicktime ? box('wide') : Buffer.alloc(0),
  ])

  if (fragmented) {
    const head = Buffer.concat([
      prefix,
      moovBox,
      movieFragments(options.durationSeconds, VIDEO_SAMPLE_DURATION, 30),
    ])
    return { head, zeroBytes: 0, tail: Buffer.alloc(0), totalBytes: head.length }
  }

  const beforeMdat = options.moovAtEnd ? prefix : Buffer.concat([prefix, moovBox])
  const tail = options.moovAtEnd ? moovBox : Buffer.alloc(0)
  const fixedBytes = beforeMdat.length + 8 + tail.length
  if (options.mdatSizeZero && options.moovAtEnd) throw new Error('a size-0 mdat must be last')
  let zeroBytes = options.totalBytes ? options.totalBytes - fixedBytes : DEFAULT_MDAT_PAYLOAD_BYTES
  // Past 4 GiB the mdat needs a 64-bit header, which takes 8 bytes from the payload.
  const largeMdat =
    !options.mdatSizeZero && ((options.largeSize64 ?? false) || zeroBytes + 8 > 0xffffffff)
  if (largeMdat && options.totalBytes) zeroBytes -= 8
  if (zeroBytes < 0) throw new Error(`totalBytes must be at least ${fixedBytes + 8}`)
  const mdatHeader = options.mdatSizeZero
    ? Buffer.concat([u32(0), fourCc('mdat')])
    : boxHeader('mdat', zeroBytes, largeMdat)
  const head = Buffer.concat([beforeMdat, mdatHeader])
  return { head, zeroBytes, tail, totalBytes: head.length + zeroBytes + tail.length }
}

function fileType(quicktime: boolean): Buffer {
  return quicktime
    ? box('ftyp', fourCc('qt  '), u32(0x20050300), fourCc('qt  '))
    : box('ftyp', fourCc('isom'), u32(0x200), fourCc('isom'), fourCc('iso2'), fourCc('mp41'))
}

/** Re-encodes a box with a 64-bit size header. */
function widenBoxHeader(encoded: Buffer): Buffer {
  const type = encoded.toString('latin1', 4, 8)
  const body = encoded.subarray(8)
  return Buffer.concat([boxHeader(type, body.length, true), body])
}
