import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = { headers: IncomingHttpHeaders; rawBody: Buffer; method: string }

/** What the receiver does with the n-th request (0-based): answer a status or never answer. */
export type ReceiverBehaviour = (requestIndex: number) => number | 'hang'

export async function startLoopbackReceiver(behaviour: ReceiverBehaviour) {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const index = received.length
      received.push({
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        method: req.method ?? '',
      })
      const answer = behaviour(index)
      if (answer === 'hang') return
      res.writeHead(answer, { 'content-type': 'text/plain' })
      res.end(answer === 204 ? undefined : 'ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type LoopbackReceiver = Awaited<ReturnType<typeof startLoopbackReceiver>>
