import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface EventHubOptions {
  /** Events kept to replay after a short disconnect. */
  bufferSize?: number
  heartbeatMs?: number
}

interface Buffered {
  seq: number
  type: string
  data: string
}

// Server-Sent Events to every open dashboard: each event gets an id `<boot>-<seq>`, the last
// `bufferSize` are kept, and a browser that reconnects with `Last-Event-ID` gets what it missed.
// An id from another boot, or older than the buffer, gets `reset` (the app reads everything again).
export function createEventHub(options: EventHubOptions = {}) {
  const bufferSize = options.bufferSize ?? 1000
  const boot = randomBytes(4).toString('hex')
  const buffer: Buffered[] = []
  const clients = new Set<ServerResponse>()
  let seq = 0

  const frame = (event: Buffered) =>
    `id: ${boot}-${event.seq}\nevent: ${event.type}\ndata: ${event.data}\n\n`
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': keep-alive\n\n')
  }, options.heartbeatMs ?? 15_000)
  heartbeat.unref()

  function missedSince(lastEventId: string | undefined): Buffered[] | 'reset' {
    if (!lastEventId) return []
    const [from, number] = lastEventId.split('-')
    const last = Number(number)
    if (from !== boot || !Number.isSafeInteger(last) || last > seq) return 'reset'
    const oldest = buffer[0]?.seq ?? seq + 1
    if (last < oldest - 1) return 'reset'
    return buffer.filter((event) => event.seq > last)
  }

  return {
    publish(type: string, payload: unknown) {
      const event = { seq: ++seq, type, data: JSON.stringify(payload) }
      buffer.push(event)
      if (buffer.length > bufferSize) buffer.shift()
      const text = frame(event)
      for (const client of clients) client.write(text)
    },

    handle(req: IncomingMessage, res: ServerResponse) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      // The browser resends Last-Event-ID on its own reconnects; the app names it in the query
      // when it reconnects itself.
      const header = req.headers['last-event-id']
      const query = new URL(req.url ?? '/', 'http://x').searchParams.get('lastEventId')
      const missed = missedSince((Array.isArray(header) ? header[0] : header) || query || undefined)
      res.write('retry: 2000\n\n')
      if (missed === 'reset') res.write('event: reset\ndata: {}\n\n')
      else for (const event of missed) res.write(frame(event))
      // Where the stream stands now, so a browser that has seen no event yet can still resume.
      res.write(`id: ${boot}-${seq}\nevent: ready\ndata: {}\n\n`)
      clients.add(res)
      req.socket.setNoDelay(true)
      req.on('close', () => clients.delete(res))
    },

    get clientCount() {
      return clients.size
    },

    close() {
      clearInterval(heartbeat)
      for (const client of clients) client.end()
      clients.clear()
    },
  }
}

export type EventHub = ReturnType<typeof createEventHub>
