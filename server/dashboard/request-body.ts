import type { IncomingMessage } from 'node:http'

/**
 * A request body either held in memory, so the request can be replayed after a token renewal,
 * or left as the live stream (too large to hold, or of unknown length) and sent once.
 */
export type ForwardedBody =
  | { replayable: true; bytes: Buffer | null }
  | { replayable: false; stream: IncomingMessage }

export async function readForwardedBody(
  req: IncomingMessage,
  replayLimitBytes: number,
): Promise<ForwardedBody> {
  const declared = req.headers['content-length']
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) {
    return { replayable: true, bytes: null }
  }
  if (declared === undefined || Number(declared) > replayLimitBytes) {
    return { replayable: false, stream: req }
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return { replayable: true, bytes: Buffer.concat(chunks) }
}
