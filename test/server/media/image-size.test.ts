import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { imageSize } from '../../../server/sandbox/media/thumbnail.ts'
import {
  IMAGE_FIXTURES_DIR,
  seedMediaEntries,
  seedMediaPath,
} from '../../support/media/seed-media.ts'

const shippedImages = [...seedMediaEntries('poster'), ...seedMediaEntries('thumbnail')]

describe('imageSize', () => {
  it.each(shippedImages.map((entry) => [entry.file, entry] as const))(
    'reads %s as ffprobe saw it',
    (_file, entry) => {
      expect(imageSize(readFileSync(seedMediaPath(entry)))).toEqual({
        format: entry.format,
        width: entry.width,
        height: entry.height,
      })
    },
  )

  it.each([
    ['tiny.jpg', 'jpg'],
    ['tiny.png', 'png'],
    ['tiny.gif', 'gif'],
    ['tiny-lossy.webp', 'webp'],
    ['tiny-lossless.webp', 'webp'],
    ['tiny-alpha.webp', 'webp'],
  ])('reads odd 33x17 dimensions from %s', (file, format) => {
    const image = readFileSync(`${IMAGE_FIXTURES_DIR}${file}`)

    expect(imageSize(image)).toEqual({ format, width: 33, height: 17 })
  })

  it.each([
    ['an MP4', Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomiso2')],
    ['text', Buffer.from('<html>not an image</html>')],
    ['a PNG cut off before IHDR', readFileSync(`${IMAGE_FIXTURES_DIR}tiny.png`).subarray(0, 20)],
    [
      'a JPEG cut off before its frame header',
      readFileSync(`${IMAGE_FIXTURES_DIR}tiny.jpg`).subarray(0, 30),
    ],
    ['nothing', Buffer.alloc(0)],
  ])('returns null for %s', (_name, bytes) => {
    expect(imageSize(bytes)).toBeNull()
  })
})
