import type { ReadAt } from '../../../server/sandbox/media/probe-mp4.ts'

export interface ReadStats {
  calls: number
  bytes: number
}

/** A ReadAt over an in-memory file that records how much of it was actually read. */
export function countingReader(file: Buffer): { read: ReadAt; stats: ReadStats } {
  const stats: ReadStats = { calls: 0, bytes: 0 }
  const read: ReadAt = async (offset, length) => {
    const chunk = file.subarray(offset, offset + length)
    stats.calls++
    stats.bytes += chunk.length
    return chunk
  }
  return { read, stats }
}
