import type { ByteSource } from './byte-source.ts'
import { InvalidMediaError } from './invalid-media-error.ts'
import { type BoxHeader, findChild, readPayload, readUint, walkChildren } from './mp4-boxes.ts'

export interface TrackInfo {
  trackId: number
  /** hdlr handler type: 'vide', 'soun', ... */
  handler: string | null
  /** Presentation size, already swapped for 90°/270° rotation matrices; 0 when absent. */
  width: number
  height: number
  mediaTimescale: number | null
  mediaDuration: number | null
}

export interface MovieInfo {
  timescale: number
  /** mvhd duration in `timescale` units; null when zero or "unknown" (typical of fragmented files). */
  duration: number | null
  /** mvex/mehd fragment_duration in `timescale` units. */
  fragmentDuration: number | null
  isFragmented: boolean
  tracks: TrackInfo[]
  /** mvex/trex default_sample_duration by track id, for truns without per-sample durations. */
  defaultSampleDurations: Map<number, number>
}

const FULL_BOX_FIELDS_BYTES = 128

export async function parseMovie(source: ByteSource, moov: BoxHeader): Promise<MovieInfo> {
  let header: { timescale: number; duration: number | null } | null = null
  let fragmentDuration: number | null = null
  let isFragmented = false
  const tracks: TrackInfo[] = []
  const defaultSampleDurations = new Map<number, number>()

  for await (const child of walkChildren(source, moov)) {
    if (child.type === 'mvhd') {
      header = parseTimeHeader(await readPayload(source, child, FULL_BOX_FIELDS_BYTES), 'mvhd')
    } else if (child.type === 'trak') {
      tracks.push(await parseTrack(source, child))
    } else if (child.type === 'mvex') {
      isFragmented = true
      for await (const extends_ of walkChildren(source, child)) {
        const payload = await readPayload(source, extends_, FULL_BOX_FIELDS_BYTES)
        if (extends_.type === 'mehd') {
          fragmentDuration = readUint(payload, 4, payload[0] === 1 ? 8 : 4, 'mehd') || null
        } else if (extends_.type === 'trex') {
          const trackId = readUint(payload, 4, 4, 'trex') ?? 0
          const sampleDuration = readUint(payload, 12, 4, 'trex')
          if (sampleDuration) defaultSampleDurations.set(trackId, sampleDuration)
        }
      }
    }
  }
  if (!header) throw new InvalidMediaError("'moov' box has no 'mvhd' movie header")
  if (header.timescale === 0) throw new InvalidMediaError("'mvhd' has a zero timescale")
  return { ...header, fragmentDuration, isFragmented, tracks, defaultSampleDurations }
}

/** mvhd and mdhd share their leading layout: version, flags, times, timescale, duration. */
function parseTimeHeader(payload: Buffer, box: string) {
  const isVersion1 = payload[0] === 1
  const timescale = readUint(payload, isVersion1 ? 20 : 12, 4, box) ?? 0
  const duration = readUint(payload, isVersion1 ? 24 : 16, isVersion1 ? 8 : 4, box) || null
  return { timescale, duration }
}

async function parseTrack(source: ByteSource, trak: BoxHeader): Promise<TrackInfo> {
  const track: TrackInfo = {
    trackId: 0,
    handler: null,
    width: 0,
    height: 0,
    mediaTimescale: null,
    mediaDuration: null,
  }
  let sampleEntrySize: { width: number; height: number } | null = null
  for await (const child of walkChildren(source, trak)) {
    if (child.type === 'tkhd') {
      Object.assign(
        track,
        parseTrackHeader(await readPayload(source, child, FULL_BOX_FIELDS_BYTES)),
      )
    } else if (child.type === 'mdia') {
      for await (const media of walkChildren(source, child)) {
        if (media.type === 'mdhd') {
          const payload = await readPayload(source, media, FULL_BOX_FIELDS_BYTES)
          const { timescale, duration } = parseTimeHeader(payload, 'mdhd')
          track.mediaTimescale = timescale || null
          track.mediaDuration = duration
        } else if (media.type === 'hdlr') {
          const payload = await readPayload(source, media, 12)
          if (payload.length >= 12) track.handler = payload.toString('latin1', 8, 12)
        } else if (media.type === 'minf') {
          sampleEntrySize = await readVisualSampleEntrySize(source, media)
        }
      }
    }
  }
  // Some muxers leave tkhd width/height at zero; the sample entry still has the coded size.
  if (track.handler === 'vide' && track.width === 0 && sampleEntrySize) {
    track.width = sampleEntrySize.width
    track.height = sampleEntrySize.height
  }
  return track
}

function parseTrackHeader(payload: Buffer) {
  const isVersion1 = payload[0] === 1
  const trackId = readUint(payload, isVersion1 ? 20 : 12, 4, 'tkhd') ?? 0
  // Version 1 widens the two timestamps and the duration by 4 bytes each.
  const base = isVersion1 ? 12 : 0
  if (payload.length < base + 84) throw new InvalidMediaError("truncated: 'tkhd' box is too short")
  const matrixA = payload.readInt32BE(base + 40)
  const matrixB = payload.readInt32BE(base + 44)
  const matrixC = payload.readInt32BE(base + 52)
  const matrixD = payload.readInt32BE(base + 56)
  const width = Math.round(payload.readUInt32BE(base + 76) / 0x10000)
  const height = Math.round(payload.readUInt32BE(base + 80) / 0x10000)
  // Phones store portrait video as landscape frames plus a 90° rotation matrix.
  const isQuarterTurn = matrixA === 0 && matrixD === 0 && matrixB !== 0 && matrixC !== 0
  return isQuarterTurn ? { trackId, width: height, height: width } : { trackId, width, height }
}

async function readVisualSampleEntrySize(source: ByteSource, minf: BoxHeader) {
  const stbl = await findChild(source, minf, 'stbl')
  const stsd = stbl && (await findChild(source, stbl, 'stsd'))
  if (!stsd) return null
  const payload = await readPayload(source, stsd, 44)
  if (payload.length < 44 || payload.readUInt32BE(4) === 0) return null
  return { width: payload.readUInt16BE(40), height: payload.readUInt16BE(42) }
}
