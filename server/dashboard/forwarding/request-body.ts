import type { IncomingMessage } from 'node:http'
import { PassThrough, type Readable } from 'node:stream'

/**
 * A request body either held in memory, so the request can be replayed after a token renewal,
 * or left as the live stream (too large to hold, or of unknown length) and sent once.
 */
export type ForwardedBody =
  | { replayable: true; bytes: Buffer | null }
  | { replayable: false; stream: Readable }

export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`The request body is over the dashboard's limit of ${limitBytes / 1024 / 1024} MiB`)
  }
}

const MiB = 1024 * 1024

// Videos go from the browser straight to storage, so what passes through the dashboard is JSON and,
// at most, a subtitle file (5 MB by the contract) in a multipart form.
export function bodyLimitFor(contentType: string | undefined): number {
  return /^multipart\/form-data/i.test(contentType ?? '') ? 6 * MiB : 1 * MiB
}

export async function readForwardedBody(
  req: IncomingMessage,
  replayLimitBytes: number,
): Promise<ForwardedBody> {
  const limit = bodyLimitFor(req.headers['content-type'])
  const declared = req.headers['content-length']
  if (declared !== undefined && Number(declared) > limit) throw new BodyTooLarge(limit)
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) {
    return { replayable: true, bytes: null }
  }
  if (declared === undefined || Number(declared) > replayLimitBytes) {
    return { replayable: false, stream: capped(req, limit) }
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return { replayable: true, bytes: Buffer.concat(chunks) }
}

// A body of unknown length is counted as it passes: past the limit the stream fails, which
// abandons the request to the service before it is complete.
function capped(req: IncomingMessage, limit: number): Readable {
  let seen = 0
  const counted = new PassThrough()
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length
    if (seen > limit) {
      req.unpipe(counted)
      req.resume()
      counted.destroy(new BodyTooLarge(limit))
    }
  })
  req.pipe(counted)
  return counted
}
