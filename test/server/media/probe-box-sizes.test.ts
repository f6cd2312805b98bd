import { describe, expect, it } from 'vitest'
import { probeMp4Buffer } from '../../../server/sandbox/media/probe-mp4.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

describe('probeMp4 box size encodings', () => {
  it('reads 64-bit (size==1) boxes and version-1 headers', async () => {
    const file = makeMp4({ durationSeconds: 3600, largeSize64: true, moovAtEnd: true })
    expect(file.readUInt32BE(file.indexOf('mdat') - 4)).toBe(1)

    const probe = await probeMp4Buffer(file)

    expect(probe).toEqual({ durationSeconds: 3600, width: 540, height: 960, brand: 'isom' })
  })

  it('treats a size-0 last box as running to the end of the file', async () => {
    const file = makeMp4({ durationSeconds: 8.25, mdatSizeZero: true, totalBytes: 100_000 })

    const probe = await probeMp4Buffer(file)

    expect(probe.durationSeconds).toBe(8.25)
  })

  it('pads to exactly totalBytes', () => {
    expect(makeMp4({ durationSeconds: 5, totalBytes: 12_345 })).toHaveLength(12_345)
    expect(makeMp4({ durationSeconds: 5, totalBytes: 12_345, largeSize64: true })).toHaveLength(
      12_345,
    )
  })
})
