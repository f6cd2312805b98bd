import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ByteRange } from './byte-range.ts'
import type { ObjectMeta } from './object-meta.ts'

/** A part of one segment file: the bytes from `start` to `end` (inclusive). */
export type Slice = ByteRange & { path: string }

/** The pieces of a segmented object's segment files that hold `range` of its bytes, in order. */
export function segmentSlices(
  segmentsDir: string,
  segments: NonNullable<ObjectMeta['segments']>,
  range: ByteRange,
): Slice[] {
  const slices: Slice[] = []
  let offset = 0
  for (const [index, size] of segments.sizes.entries()) {
    const start = Math.max(range.start, offset)
    const end = Math.min(range.end, offset + size - 1)
    if (start <= end) {
      slices.push({
        path: join(segmentsDir, segments.id, `${index}`),
        start: start - offset,
        end: end - offset,
      })
    }
    offset += size
  }
  return slices
}

const READ_CHUNK = 512 * 1024

/**
 * The slices' bytes in order, one file open at a time. A reader of an object replaced meanwhile
 * fails at its next part, which the client sees as a truncated response.
 */
export class SlicesReadable extends Readable {
  private index = 0
  private handle: FileHandle | undefined
  private position = 0

  constructor(private readonly slices: Slice[]) {
    super({ highWaterMark: READ_CHUNK })
  }

  override _read(): void {
    this.next().then(
      (chunk) => {
        if (!this.destroyed) this.push(chunk)
      },
      (error: unknown) => this.destroy(error as Error),
    )
  }

  private async next(): Promise<Buffer | null> {
    while (!this.destroyed) {
      const slice = this.slices[this.index]
      if (!slice) return null
      if (!this.handle) {
        const handle = await open(slice.path, 'r')
        if (this.destroyed) {
          await handle.close()
          return null
        }
        this.handle = handle
        this.position = slice.start
      }
      const wanted = Math.min(READ_CHUNK, slice.end + 1 - this.position)
      if (wanted > 0) {
        const buffer = Buffer.allocUnsafe(wanted)
        const { bytesRead } = await this.handle.read(buffer, 0, wanted, this.position)
        if (bytesRead === 0) throw new Error(`${slice.path} is shorter than recorded`)
        this.position += bytesRead
        return buffer.subarray(0, bytesRead)
      }
      await this.closeHandle()
      this.index++
    }
    return null
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.closeHandle().then(
      () => callback(error),
      () => callback(error),
    )
  }
}
