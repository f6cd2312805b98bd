import { crc32 as zlibCrc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { imageSize, renderPlaceholderThumbnail } from '../../../server/sandbox/media/thumbnail.ts'

function pngChunks(png: Buffer) {
  const chunks: { type: string; crcMatches: boolean }[] = []
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset)
    const typeAndData = png.subarray(offset + 4, offset + 8 + length)
    chunks.push({
      type: typeAndData.toString('latin1', 0, 4),
      crcMatches: zlibCrc32(typeAndData) === png.readUInt32BE(offset + 8 + length),
    })
    offset += 12 + length
  }
  return chunks
}

describe('renderPlaceholderThumbnail', () => {
  it('is a well-formed 540x960 PNG', () => {
    const png = renderPlaceholderThumbnail('vid_01HZX3')

    expect(imageSize(png)).toEqual({ format: 'png', width: 540, height: 960 })
    expect(pngChunks(png)).toEqual([
      { type: 'IHDR', crcMatches: true },
      { type: 'IDAT', crcMatches: true },
      { type: 'IEND', crcMatches: true },
    ])
  })

  it('is deterministic per seed and differs between seeds', () => {
    const first = renderPlaceholderThumbnail('vid_a')

    expect(renderPlaceholderThumbnail('vid_a').equals(first)).toBe(true)
    expect(renderPlaceholderThumbnail('vid_b').equals(first)).toBe(false)
  })

  it('stays small enough to serve as a CDN image', () => {
    expect(renderPlaceholderThumbnail('vid_size').length).toBeLessThan(32 * 1024)
  })
})
