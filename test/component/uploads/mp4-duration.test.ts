import { describe, expect, it } from 'vitest'
import {
  blobReader,
  containerDuration,
  type ReadBytes,
} from '@/features/uploads/uploader/mp4-duration'
import { makeMp4 } from '../../support/media/make-mp4'

const reader =
  (bytes: Uint8Array): ReadBytes =>
  async (offset, length) =>
    bytes.subarray(offset, offset + length)

const durationOf = (bytes: Uint8Array) => containerDuration(reader(bytes), bytes.length)

describe('containerDuration', () => {
  it('reads mvhd with the moov first or last', async () => {
    expect(await durationOf(makeMp4({ durationSeconds: 8 }))).toBeCloseTo(8, 1)
    expect(await durationOf(makeMp4({ durationSeconds: 5, moovAtEnd: true }))).toBeCloseTo(5, 1)
  })

  it('reads 64-bit box sizes and version-1 headers, QuickTime files and size-0 mdat', async () => {
    expect(await durationOf(makeMp4({ durationSeconds: 12, largeSize64: true }))).toBeCloseTo(12, 1)
    expect(await durationOf(makeMp4({ durationSeconds: 4, quicktime: true }))).toBeCloseTo(4, 1)
    expect(
      await durationOf(makeMp4({ durationSeconds: 7, omitFtyp: true, moovAtEnd: false })),
    ).toBeCloseTo(7, 1)
  })

  it('skips a padded mdat without reading it, through a Blob', async () => {
    const bytes = makeMp4({ durationSeconds: 9, totalBytes: 2 * 1024 * 1024 })
    const blob = new Blob([new Uint8Array(bytes)])
    expect(await containerDuration(blobReader(blob), blob.size)).toBeCloseTo(9, 1)
  })

  it('gives null for what is not an MP4 or has no duration', async () => {
    expect(
      await durationOf(new TextEncoder().encode('hello, this is not a video at all')),
    ).toBeNull()
    expect(await durationOf(new Uint8Array(0))).toBeNull()
    expect(await durationOf(makeMp4({ durationSeconds: 6, fragmented: 'without-mehd' }))).toBeNull()
  })
})
