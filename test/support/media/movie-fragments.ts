import { box, fullBox, u32, u64, zeros } from './iso-box.ts'
import { VIDEO_TIMESCALE, VIDEO_TRACK_ID } from './movie-boxes.ts'

const SAMPLE_BYTES = 16
const TRUN_DATA_OFFSET = 0x1
const TRUN_SAMPLE_DURATION = 0x100
const TRUN_SAMPLE_SIZE = 0x200
const TFHD_DEFAULT_BASE_IS_MOOF = 0x020000

/**
 * moof+mdat pairs covering `durationSeconds` of video. Odd fragments omit per-sample durations
 * so readers must fall back to the trex default.
 */
export function movieFragments(
  durationSeconds: number,
  sampleDuration: number,
  samplesPerFragment: number,
): Buffer {
  const totalSamples = Math.round((durationSeconds * VIDEO_TIMESCALE) / sampleDuration)
  const fragments: Buffer[] = []
  for (let first = 0, index = 0; first < totalSamples; first += samplesPerFragment, index++) {
    const count = Math.min(samplesPerFragment, totalSamples - first)
    const withDurations = index % 2 === 0
    const build = (dataOffset: number) =>
      box(
        'moof',
        fullBox('mfhd', 0, 0, u32(index + 1)),
        box(
          'traf',
          fullBox('tfhd', 0, TFHD_DEFAULT_BASE_IS_MOOF, u32(VIDEO_TRACK_ID)),
          fullBox('tfdt', 1, 0, u64(first * sampleDuration)),
          trackRun(count, sampleDuration, withDurations, dataOffset),
        ),
      )
    const moofBytes = build(0).length
    fragments.push(build(moofBytes + 8), box('mdat', zeros(count * SAMPLE_BYTES)))
  }
  return Buffer.concat(fragments)
}

function trackRun(
  count: number,
  sampleDuration: number,
  withDurations: boolean,
  dataOffset: number,
) {
  const flags = TRUN_DATA_OFFSET | TRUN_SAMPLE_SIZE | (withDurations ? TRUN_SAMPLE_DURATION : 0)
  const samples: Buffer[] = []
  for (let sample = 0; sample < count; sample++) {
    if (withDurations) samples.push(u32(sampleDuration))
    samples.push(u32(SAMPLE_BYTES))
  }
  return fullBox('trun', 0, flags, u32(count), u32(dataOffset), ...samples)
}
