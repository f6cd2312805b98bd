import { open } from 'node:fs/promises'
import { ByteSource, type ReadAt } from './byte-source.ts'
import { InvalidMediaError } from './invalid-media-error.ts'
import { type BoxHeader, isFourCc, payloadStart, walkBoxes } from './mp4-boxes.ts'
import { sumFragmentDurations } from './mp4-fragments.ts'
import { type MovieInfo, parseMovie } from './mp4-movie.ts'

export type { ReadAt } from './byte-source.ts'
export { InvalidMediaError } from './invalid-media-error.ts'

export interface Mp4Probe {
  durationSeconds: number
  /** Display size of the first video track (rotation applied); null for audio-only files. */
  width: number | null
  height: number | null
  /** ftyp major brand as its raw four characters ('isom', 'mp42', 'qt  '); null without ftyp. */
  brand: string | null
}

// Boxes a real MP4/QuickTime file may start with; anything else is not worth walking.
const FIRST_BOX_TYPES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid'])
// moov/moof are read in one go (one round trip on remote storage) unless absurdly large.
const MAX_BUFFERED_BOX_BYTES = 16 * 1024 * 1024

/**
 * Reads duration, video size and brand from an MP4/QuickTime container using random-access
 * reads of box headers, moov and moof only — mdat payloads are never read.
 */
export async function probeMp4(read: ReadAt, size: number): Promise<Mp4Probe> {
  if (!Number.isSafeInteger(size) || size < 8) {
    throw new InvalidMediaError(`not an MP4/QuickTime file: ${size} bytes is too small`)
  }
  const source = new ByteSource(read, size)
  await assertStartsLikeContainer(source)

  let brand: string | null = null
  let movie: MovieInfo | null = null
  const moofs: BoxHeader[] = []
  for await (const box of walkBoxes(source, 0, size, { topLevel: true })) {
    if (box.type === 'ftyp' && box.size >= box.headerSize + 4 && brand === null) {
      brand = (await source.read(payloadStart(box), 4)).toString('latin1')
    } else if (box.type === 'moov' && movie === null) {
      if (box.size <= MAX_BUFFERED_BOX_BYTES) await source.read(box.start, box.size)
      movie = await parseMovie(source, box)
    } else if (box.type === 'moof') {
      moofs.push(box)
    }
  }
  if (!movie) throw new InvalidMediaError("no 'moov' box: not a playable MP4/QuickTime file")

  const videoTrack = movie.tracks.find((track) => track.handler === 'vide' && track.width > 0)
  return {
    durationSeconds: await durationSeconds(source, movie, moofs),
    width: videoTrack?.width ?? null,
    height: videoTrack?.height ?? null,
    brand,
  }
}

export async function probeMp4File(path: string): Promise<Mp4Probe> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    return await probeMp4(async (offset, length) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, offset)
      return buffer.subarray(0, bytesRead)
    }, size)
  } finally {
    await file.close()
  }
}

export async function probeMp4Buffer(buffer: Buffer): Promise<Mp4Probe> {
  return probeMp4(async (offset, length) => buffer.subarray(offset, offset + length), buffer.length)
}

async function assertStartsLikeContainer(source: ByteSource) {
  const type = (await source.read(0, 8)).subarray(4, 8)
  if (!isFourCc(type) || !FIRST_BOX_TYPES.has(type.toString('latin1'))) {
    throw new InvalidMediaError('not an MP4/QuickTime file: it does not start with a known box')
  }
}

async function durationSeconds(source: ByteSource, movie: MovieInfo, moofs: BoxHeader[]) {
  if (movie.duration) return movie.duration / movie.timescale
  if (movie.fragmentDuration) return movie.fragmentDuration / movie.timescale
  if (moofs.length > 0) {
    const fromFragments = await sumFragmentDurations(source, moofs, movie, MAX_BUFFERED_BOX_BYTES)
    if (fromFragments !== null) return fromFragments
  }
  let longestTrack = 0
  for (const track of movie.tracks) {
    if (track.mediaDuration && track.mediaTimescale) {
      longestTrack = Math.max(longestTrack, track.mediaDuration / track.mediaTimescale)
    }
  }
  return longestTrack
}
