import { InvalidMediaError } from './invalid-media-error.ts'

/** Random-access read of `length` bytes at `offset` (a file handle, an HTTP range request, ...). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>

// Box headers are 8–16 bytes; reading a little ahead lets neighbouring headers and small boxes
// share one underlying read, which matters when each read is a network round trip.
const READ_AHEAD_BYTES = 4096

/** Bounds-checked reads over a ReadAt, remembering the last chunk fetched. */
export class ByteSource {
  readonly size: number
  readonly #readAt: ReadAt
  #windowStart = 0
  #window: Buffer = Buffer.alloc(0)

  constructor(readAt: ReadAt, size: number) {
    this.#readAt = readAt
    this.size = size
  }

  async read(offset: number, length: number): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > this.size) {
      throw new InvalidMediaError(
        `truncated: needed bytes ${offset}..${offset + length} but the file has ${this.size}`,
      )
    }
    const start = offset - this.#windowStart
    if (start >= 0 && start + length <= this.#window.length) {
      return this.#window.subarray(start, start + length)
    }
    const fetchLength = Math.min(Math.max(length, READ_AHEAD_BYTES), this.size - offset)
    const chunk = await this.#readAt(offset, fetchLength)
    if (chunk.length < length) {
      throw new InvalidMediaError(
        `truncated: expected ${length} bytes at offset ${offset}, got ${chunk.length}`,
      )
    }
    this.#window = chunk
    this.#windowStart = offset
    return chunk.subarray(0, length)
  }
}
