import { describe, expect, it } from 'vitest'
import { InvalidMediaError, probeMp4Buffer } from '../../../server/sandbox/media/probe-mp4.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

const noise = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 2654435761) >>> 24))

function withZeroTimescale(file: Buffer): Buffer {
  const copy = Buffer.from(file)
  // mvhd version 0: type, then version/flags, creation, modification, timescale.
  copy.writeUInt32BE(0, copy.indexOf('mvhd') + 4 + 12)
  return copy
}

describe('probeMp4 rejects what is not a usable container', () => {
  it.each([
    ['empty input', Buffer.alloc(0), /too small/],
    ['random bytes', noise, /not an MP4/],
    ['an HTML error page', Buffer.from('<!doctype html><title>403</title>'), /not an MP4/],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), /not an MP4/],
    [
      'a file cut off inside the moov',
      makeMp4({ durationSeconds: 10, moovAtEnd: true }).subarray(0, -100),
      /truncated/,
    ],
    [
      'a download cut off inside the mdat',
      makeMp4({ durationSeconds: 10 }).subarray(0, -1),
      /truncated/,
    ],
    ['a zero timescale', withZeroTimescale(makeMp4({ durationSeconds: 10 })), /zero timescale/],
  ])('%s', async (_name, file, message) => {
    const probing = probeMp4Buffer(file)
    await expect(probing).rejects.toBeInstanceOf(InvalidMediaError)
    await expect(probing).rejects.toThrow(message)
  })

  it('rejects a file with no moov box', async () => {
    const file = makeMp4({ durationSeconds: 10, moovAtEnd: true })
    const moovStart = file.indexOf('moov') - 4

    await expect(probeMp4Buffer(file.subarray(0, moovStart))).rejects.toThrow(/no 'moov' box/)
  })

  it('rejects a box whose size is smaller than its header', async () => {
    const file = makeMp4({ durationSeconds: 10 })
    file.writeUInt32BE(4, file.indexOf('mdat') - 4)

    await expect(probeMp4Buffer(file)).rejects.toThrow(/invalid size/)
  })
})
