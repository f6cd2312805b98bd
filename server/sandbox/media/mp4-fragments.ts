import type { ByteSource } from './byte-source.ts'
import { InvalidMediaError } from './invalid-media-error.ts'
import { type BoxHeader, readPayload, readUint, walkChildren } from './mp4-boxes.ts'
import type { MovieInfo } from './mp4-movie.ts'

const TFHD_BASE_DATA_OFFSET = 0x1
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x2
const TFHD_DEFAULT_SAMPLE_DURATION = 0x8
const TRUN_DATA_OFFSET = 0x1
const TRUN_FIRST_SAMPLE_FLAGS = 0x4
const TRUN_SAMPLE_DURATION = 0x100
const TRUN_PER_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800]

/**
 * Duration of a fragmented file from its moof/traf boxes: each track ends at its last
 * tfdt base time plus the sample durations of the runs that follow. Null when nothing is known.
 */
export async function sumFragmentDurations(
  source: ByteSource,
  moofs: BoxHeader[],
  movie: MovieInfo,
  maxBufferedBytes: number,
): Promise<number | null> {
  const trackEnds = new Map<number, number>()
  for (const moof of moofs) {
    if (moof.size <= maxBufferedBytes) await source.read(moof.start, moof.size)
    for await (const traf of walkChildren(source, moof)) {
      if (traf.type !== 'traf') continue
      await addTrackFragment(source, traf, movie, trackEnds)
    }
  }
  let seconds: number | null = null
  for (const [trackId, end] of trackEnds) {
    const timescale = movie.tracks.find((track) => track.trackId === trackId)?.mediaTimescale
    if (timescale) seconds = Math.max(seconds ?? 0, end / timescale)
  }
  return seconds
}

async function addTrackFragment(
  source: ByteSource,
  traf: BoxHeader,
  movie: MovieInfo,
  trackEnds: Map<number, number>,
) {
  let trackId: number | null = null
  let defaultDuration = 0
  let baseTime: number | null = null
  let runsDuration = 0
  for await (const child of walkChildren(source, traf)) {
    if (child.type === 'tfhd') {
      const payload = await readPayload(source, child, 32)
      if (payload.length < 8) throw new InvalidMediaError("truncated: 'tfhd' box is too short")
      const flags = payload.readUInt32BE(0) & 0xffffff
      trackId = readUint(payload, 4, 4, 'tfhd') ?? 0
      let cursor = 8
      if (flags & TFHD_BASE_DATA_OFFSET) cursor += 8
      if (flags & TFHD_SAMPLE_DESCRIPTION_INDEX) cursor += 4
      defaultDuration =
        flags & TFHD_DEFAULT_SAMPLE_DURATION
          ? (readUint(payload, cursor, 4, 'tfhd') ?? 0)
          : (movie.defaultSampleDurations.get(trackId) ?? 0)
    } else if (child.type === 'tfdt') {
      const payload = await readPayload(source, child, 16)
      baseTime = readUint(payload, 4, payload[0] === 1 ? 8 : 4, 'tfdt')
    } else if (child.type === 'trun') {
      runsDuration += sumRunDurations(await readPayload(source, child), defaultDuration)
    }
  }
  if (trackId === null) throw new InvalidMediaError("'traf' box has no 'tfhd' header")
  const start = baseTime ?? trackEnds.get(trackId) ?? 0
  trackEnds.set(trackId, start + runsDuration)
}

function sumRunDurations(payload: Buffer, defaultDuration: number): number {
  if (payload.length < 8) throw new InvalidMediaError("truncated: 'trun' box is too short")
  const flags = payload.readUInt32BE(0) & 0xffffff
  const sampleCount = payload.readUInt32BE(4)
  if (!(flags & TRUN_SAMPLE_DURATION)) return sampleCount * defaultDuration
  let cursor = 8
  if (flags & TRUN_DATA_OFFSET) cursor += 4
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) cursor += 4
  const recordBytes = 4 * TRUN_PER_SAMPLE_FIELDS.filter((field) => flags & field).length
  if (payload.length < cursor + sampleCount * recordBytes) {
    throw new InvalidMediaError("truncated: 'trun' box is shorter than its sample count")
  }
  let total = 0
  for (let sample = 0; sample < sampleCount; sample++) {
    total += payload.readUInt32BE(cursor + sample * recordBytes)
  }
  return total
}
