import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeRgbPng } from '../../../server/sandbox/media/png.ts'
import { imageSize } from '../../../server/sandbox/media/thumbnail.ts'

/** Undoes the Sub filter our encoder applies to every scanline. */
function decodeRgb(png: Buffer, width: number, height: number): Buffer {
  const idatLength = png.readUInt32BE(33)
  const filtered = inflateSync(png.subarray(41, 41 + idatLength))
  const rowBytes = width * 3
  const rgb = Buffer.alloc(rowBytes * height)
  for (let y = 0; y < height; y++) {
    expect(filtered[y * (rowBytes + 1)]).toBe(1)
    for (let x = 0; x < rowBytes; x++) {
      const left = x >= 3 ? (rgb[y * rowBytes + x - 3] ?? 0) : 0
      rgb[y * rowBytes + x] = ((filtered[y * (rowBytes + 1) + 1 + x] ?? 0) + left) & 0xff
    }
  }
  return rgb
}

describe('encodeRgbPng', () => {
  it('round-trips pixels', () => {
    const pixels = Buffer.from(Array.from({ length: 5 * 3 * 3 }, (_, i) => (i * 37) & 0xff))

    const png = encodeRgbPng(5, 3, pixels)

    expect(imageSize(png)).toEqual({ format: 'png', width: 5, height: 3 })
    expect(decodeRgb(png, 5, 3).equals(pixels)).toBe(true)
  })

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodeRgbPng(5, 3, Buffer.alloc(10))).toThrow(/does not match/)
  })
})
