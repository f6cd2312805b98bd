import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { seedMediaEntries, seedMediaPath } from '../../support/media/seed-media.ts'

describe('seed media manifest', () => {
  it('matches the bytes and hashes of the shipped files', () => {
    for (const entry of seedMediaEntries()) {
      const bytes = readFileSync(seedMediaPath(entry))
      expect(bytes.length, entry.file).toBe(entry.bytes)
      expect(createHash('sha256').update(bytes).digest('hex'), entry.file).toBe(entry.sha256)
    }
  })

  it('ships eight short portrait clips, each with a thumbnail', () => {
    const videos = seedMediaEntries('video')
    expect(videos).toHaveLength(8)
    for (const video of videos) {
      expect(video.durationSeconds).toBeGreaterThanOrEqual(4)
      expect(video.durationSeconds).toBeLessThanOrEqual(8)
      expect([video.width, video.height]).toEqual([540, 960])
    }
    const thumbnails = seedMediaEntries('thumbnail').map((entry) => entry.file)
    expect(thumbnails).toEqual(videos.map((video) => video.file.replace(/\.mp4$/, '.jpg')))
  })

  it('stays small enough to keep in the repository', () => {
    const totalBytes = seedMediaEntries().reduce((sum, entry) => sum + entry.bytes, 0)
    expect(totalBytes).toBeLessThan(3 * 1024 * 1024)
  })
})
