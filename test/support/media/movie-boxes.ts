import { box, fourCc, fullBox, i32, u16, u32, u64, zeros } from './iso-box.ts'

export const MOVIE_TIMESCALE = 1000
export const VIDEO_TIMESCALE = 90_000
export const AUDIO_TIMESCALE = 48_000
export const VIDEO_TRACK_ID = 1
const AUDIO_TRACK_ID = 2

export interface MovieBoxOptions {
  durationSeconds: number
  width: number
  height: number
  version1: boolean
  quicktime: boolean
  rotate90: boolean
  audioTrackFirst: boolean
  /** Fragmented movies carry zero durations in moov plus an mvex box. */
  fragments: { mehd: boolean; sampleDuration: number } | null
}

const IDENTITY_MATRIX = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000]
const ROTATE_90_MATRIX = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000]

export function movieBox(options: MovieBoxOptions): Buffer {
  const unfragmented = options.fragments === null
  const movieDuration = unfragmented ? Math.round(options.durationSeconds * MOVIE_TIMESCALE) : 0
  const video = videoTrack(options, movieDuration)
  const audio = audioTrack(options, movieDuration)
  return box(
    'moov',
    timeHeader('mvhd', options.version1, MOVIE_TIMESCALE, movieDuration, movieHeaderTail()),
    ...(options.audioTrackFirst ? [audio, video] : [video, audio]),
    ...(options.fragments ? [movieExtends(options, options.fragments)] : []),
  )
}

/** mvhd/mdhd share version, times, timescale and duration; version 1 widens them to 64 bits. */
function timeHeader(
  type: string,
  version1: boolean,
  timescale: number,
  duration: number,
  tail: Buffer,
) {
  const times = version1
    ? [u64(0), u64(0), u32(timescale), u64(duration)]
    : [u32(0), u32(0), u32(timescale), u32(duration)]
  return fullBox(type, version1 ? 1 : 0, 0, ...times, tail)
}

function movieHeaderTail(): Buffer {
  const matrix = IDENTITY_MATRIX.map(i32)
  return Buffer.concat([u32(0x10000), u16(0x100), zeros(10), ...matrix, zeros(24), u32(3)])
}

function trackHeader(options: MovieBoxOptions, trackId: number, duration: number, size: number[]) {
  const [width = 0, height = 0] = size
  const matrix = (options.rotate90 && width > 0 ? ROTATE_90_MATRIX : IDENTITY_MATRIX).map(i32)
  const ids = options.version1
    ? [u64(0), u64(0), u32(trackId), u32(0), u64(duration)]
    : [u32(0), u32(0), u32(trackId), u32(0), u32(duration)]
  const volume = width === 0 ? 0x100 : 0
  return fullBox(
    'tkhd',
    options.version1 ? 1 : 0,
    0x3,
    ...ids,
    zeros(8),
    u16(0),
    u16(0),
    u16(volume),
    u16(0),
    ...matrix,
    u32(width * 0x10000),
    u32(height * 0x10000),
  )
}

function videoTrack(options: MovieBoxOptions, movieDuration: number): Buffer {
  // Rotated phone video stores landscape frames; the matrix turns them to the display size.
  const stored = options.rotate90
    ? [options.height, options.width]
    : [options.width, options.height]
  const mediaDuration = options.fragments
    ? 0
    : Math.round(options.durationSeconds * VIDEO_TIMESCALE)
  return box(
    'trak',
    trackHeader(options, VIDEO_TRACK_ID, movieDuration, stored),
    box(
      'mdia',
      timeHeader('mdhd', options.version1, VIDEO_TIMESCALE, mediaDuration, languageTail()),
      handler(options, 'vide', 'VideoHandler'),
      box(
        'minf',
        fullBox('vmhd', 0, 1, zeros(8)),
        dataInformation(),
        sampleTable(visualSampleEntry(stored[0] ?? 0, stored[1] ?? 0)),
      ),
    ),
  )
}

function audioTrack(options: MovieBoxOptions, movieDuration: number): Buffer {
  const mediaDuration = options.fragments
    ? 0
    : Math.round(options.durationSeconds * AUDIO_TIMESCALE)
  return box(
    'trak',
    trackHeader(options, AUDIO_TRACK_ID, movieDuration, [0, 0]),
    box(
      'mdia',
      timeHeader('mdhd', options.version1, AUDIO_TIMESCALE, mediaDuration, languageTail()),
      handler(options, 'soun', 'SoundHandler'),
      box('minf', fullBox('smhd', 0, 0, zeros(4)), dataInformation(), sampleTable(null)),
    ),
  )
}

function languageTail(): Buffer {
  // 'und' packed as three 5-bit letters.
  return Buffer.concat([u16(0x55c4), u16(0)])
}

function handler(options: MovieBoxOptions, type: string, name: string): Buffer {
  const componentType = options.quicktime ? fourCc('mhlr') : zeros(4)
  return fullBox('hdlr', 0, 0, componentType, fourCc(type), zeros(12), Buffer.from(`${name}\0`))
}

function dataInformation(): Buffer {
  return box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)))
}

function visualSampleEntry(width: number, height: number): Buffer {
  return box(
    'avc1',
    zeros(6),
    u16(1),
    zeros(16),
    u16(width),
    u16(height),
    u32(0x480000),
    u32(0x480000),
    zeros(4),
    u16(1),
    zeros(32),
    u16(0x18),
    u16(0xffff),
  )
}

function sampleTable(entry: Buffer | null): Buffer {
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(entry ? 1 : 0), ...(entry ? [entry] : [])),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0), u32(0)),
    fullBox('stco', 0, 0, u32(0)),
  )
}

function movieExtends(
  options: MovieBoxOptions,
  fragments: { mehd: boolean; sampleDuration: number },
) {
  const fragmentDuration = Math.round(options.durationSeconds * MOVIE_TIMESCALE)
  const trex = (trackId: number, sampleDuration: number) =>
    fullBox('trex', 0, 0, u32(trackId), u32(1), u32(sampleDuration), u32(0), u32(0))
  return box(
    'mvex',
    ...(fragments.mehd ? [fullBox('mehd', 1, 0, u64(fragmentDuration))] : []),
    trex(VIDEO_TRACK_ID, fragments.sampleDuration),
    trex(AUDIO_TRACK_ID, 1024),
  )
}
