import { describe, expect, it } from 'vitest'
import { probeMp4File } from '../../../server/sandbox/media/probe-mp4.ts'
import { seedMediaEntries, seedMediaPath } from '../../support/media/seed-media.ts'

describe('probeMp4File on the shipped sample clips', () => {
  it.each(seedMediaEntries('video').map((entry) => [entry.file, entry] as const))(
    '%s matches the ffprobe facts in the manifest',
    async (_file, entry) => {
      const probe = await probeMp4File(seedMediaPath(entry))
      expect(Math.abs(probe.durationSeconds - (entry.durationSeconds ?? 0))).toBeLessThan(0.1)
      expect({ width: probe.width, height: probe.height }).toEqual({
        width: entry.width,
        height: entry.height,
      })
      expect(probe.brand).toBe('isom')
    },
  )
})
