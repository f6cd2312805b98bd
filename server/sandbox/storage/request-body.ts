import type { IncomingMessage } from 'node:http'
import { ByteScanner } from './byte-scanner.ts'
import type { S3Error } from './s3-error.ts'

/**
 * The request body, read at most once through one scanner. Whatever a handler leaves unread is
 * drained before an answer is sent, so clients still uploading see the answer rather than a reset.
 */
export class RequestBody {
  private scanner: ByteScanner | undefined

  constructor(private readonly req: IncomingMessage) {}

  open(malformed?: (message: string) => S3Error): ByteScanner {
    if (this.scanner) throw new Error('The request body was already opened')
    this.scanner = new ByteScanner(this.req, malformed)
    return this.scanner
  }

  async drain(): Promise<void> {
    if (this.scanner) return this.scanner.drain()
    if (this.req.readableEnded || this.req.destroyed) return
    await new Promise<void>((resolve) => {
      this.req.on('end', resolve)
      this.req.on('close', resolve)
      this.req.on('error', () => resolve())
      this.req.resume()
    })
  }
}
