import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { probeMp4, probeMp4File } from '../../../server/sandbox/media/probe-mp4.ts'
import { countingReader } from '../../support/media/counting-reader.ts'
import {
  layoutMp4,
  layoutReader,
  type Mp4Layout,
  makeMp4,
  makeMp4File,
} from '../../support/media/make-mp4.ts'

const MB = 1024 * 1024

function countingLayoutReader(layout: Mp4Layout) {
  const readLayout = layoutReader(layout)
  const stats = { bytes: 0 }
  const read = async (offset: number, length: number) => {
    const chunk = await readLayout(offset, length)
    stats.bytes += chunk.length
    return chunk
  }
  return { read, stats }
}

describe('probeMp4 with moov after a large mdat', () => {
  const scratch = mkdtemp(join(tmpdir(), 'probe-moov-at-end-'))
  afterAll(async () => rm(await scratch, { recursive: true, force: true }))

  it('finds the moov without reading the 20 MB mdat', async () => {
    const file = makeMp4({ durationSeconds: 42.5, moovAtEnd: true, totalBytes: 20 * MB })
    const { read, stats } = countingReader(file)

    const probe = await probeMp4(read, file.length)

    expect(probe).toEqual({ durationSeconds: 42.5, width: 540, height: 960, brand: 'isom' })
    expect(stats.bytes).toBeLessThan(32 * 1024)
    expect(stats.calls).toBeLessThanOrEqual(4)
  })

  it('reads just as little when moov comes first', async () => {
    const file = makeMp4({ durationSeconds: 42.5, totalBytes: 20 * MB })
    const { read, stats } = countingReader(file)

    await probeMp4(read, file.length)

    expect(stats.bytes).toBeLessThan(32 * 1024)
  })

  it('reads a few kilobytes of a 5 GB camera file with a 64-bit mdat', async () => {
    const layout = layoutMp4({ durationSeconds: 1800, moovAtEnd: true, totalBytes: 5 * 1024 ** 3 })
    const { read, stats } = countingLayoutReader(layout)

    const probe = await probeMp4(read, layout.totalBytes)

    expect(probe.durationSeconds).toBe(1800)
    expect(stats.bytes).toBeLessThan(32 * 1024)
  })

  it('probes a 30 MB file on disk', async () => {
    const path = join(await scratch, 'camera.mp4')
    await makeMp4File(path, { durationSeconds: 61, moovAtEnd: true, totalBytes: 30 * MB })

    const probe = await probeMp4File(path)

    expect(probe.durationSeconds).toBe(61)
  })
})
