import { S3Error } from './s3-error.ts'

/**
 * A buffered reader over a stream of chunks, for parsers that look for delimiters without holding
 * more than one chunk (plus a delimiter's length) in memory. It owns the iterator, so whoever stops
 * parsing early can still drain the rest of the request.
 */
export class ByteScanner {
  private buffer: Buffer
  private ended = false
  private readonly source: AsyncIterator<Buffer>

  private readonly malformed: (message: string) => S3Error

  constructor(source: AsyncIterable<Buffer>, malformed = incompleteBody) {
    this.source = source[Symbol.asyncIterator]()
    this.buffer = Buffer.alloc(0)
    this.malformed = malformed
  }

  /** Puts bytes back in front of what is still to be read. */
  unshift(bytes: Buffer): void {
    this.buffer = Buffer.concat([bytes, this.buffer])
  }

  /** Reads one more chunk into the buffer; false at the end of the stream. */
  private async fill(): Promise<boolean> {
    if (this.ended) return false
    const next = await this.source.next()
    if (next.done) {
      this.ended = true
      return false
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    return true
  }

  /** Yields the bytes before `delimiter` and consumes the delimiter; fails if the stream ends first. */
  async *until(delimiter: Buffer, limit = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
    let yielded = 0
    for (;;) {
      const found = this.buffer.indexOf(delimiter)
      if (found !== -1) {
        if (yielded + found > limit) throw this.malformed('A delimited section is too long.')
        const before = this.buffer.subarray(0, found)
        this.buffer = this.buffer.subarray(found + delimiter.length)
        if (before.length > 0) yield before
        return
      }
      const safe = this.buffer.length - (delimiter.length - 1)
      if (safe > 0) {
        yielded += safe
        if (yielded > limit) throw this.malformed('A delimited section is too long.')
        const head = this.buffer.subarray(0, safe)
        this.buffer = this.buffer.subarray(safe)
        yield head
      }
      if (!(await this.fill())) throw this.malformed('The body ended unexpectedly.')
    }
  }

  async readUntil(delimiter: Buffer, limit: number): Promise<Buffer> {
    const parts: Buffer[] = []
    for await (const part of this.until(delimiter, limit)) parts.push(part)
    return Buffer.concat(parts)
  }

  async *exactly(length: number): AsyncGenerator<Buffer> {
    let remaining = length
    while (remaining > 0) {
      if (this.buffer.length === 0 && !(await this.fill())) {
        throw this.malformed('The body ended unexpectedly.')
      }
      const take = Math.min(remaining, this.buffer.length)
      const head = this.buffer.subarray(0, take)
      this.buffer = this.buffer.subarray(take)
      remaining -= take
      yield head
    }
  }

  async readExactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = []
    for await (const part of this.exactly(length)) parts.push(part)
    return Buffer.concat(parts)
  }

  /** Everything left in the stream. */
  async *rest(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.buffer.length > 0) {
        const head = this.buffer
        this.buffer = Buffer.alloc(0)
        yield head
      }
      if (!(await this.fill())) return
    }
  }

  async atEnd(): Promise<boolean> {
    while (this.buffer.length === 0) {
      if (!(await this.fill())) return true
    }
    return false
  }

  /** Reads and discards the rest of the stream, so a response can follow a fully received request. */
  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0)
    while (!this.ended) {
      const next = await this.source.next()
      if (next.done) this.ended = true
    }
  }
}

function incompleteBody(message: string): S3Error {
  return new S3Error(400, 'IncompleteBody', message)
}
