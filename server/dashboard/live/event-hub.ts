import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendError } from '../http/json-response.ts'
import type { Log } from '../ops/logger.ts'

export interface EventHubOptions {
  /** Events kept to replay after a short disconnect. */
  bufferSize?: number
  heartbeatMs?: number
  /** Streams one account may hold open at once; default 10. */
  maxStreamsPerAccount?: number
  /** Bytes a stream may leave unsent (its client not reading) before it is dropped; default 1 MiB. */
  maxUnsentBytes?: number
  log?: Log
}

/** Whose a stream is: it lives no longer than its session. */
export interface StreamOwner {
  accountId: string
  /** The session id's SHA-256 (base64url): what replicas tell each other, never the id itself. */
  sessionKey: string
}

/** Streams to end: one session's, or every session's of an account. */
export type StreamEnd = { sessionKey: string } | { accountId: string }

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
  const maxPerAccount = options.maxStreamsPerAccount ?? 10
  const maxUnsent = options.maxUnsentBytes ?? 1024 * 1024
  const log = options.log ?? (() => {})
  const boot = randomBytes(4).toString('hex')
  const buffer: Buffered[] = []
  const streams = new Map<ServerResponse, StreamOwner>()
  const perAccount = new Map<string, number>()
  let seq = 0

  const frame = (event: Buffered) =>
    `id: ${boot}-${event.seq}\nevent: ${event.type}\ndata: ${event.data}\n\n`
  const heartbeat = setInterval(() => {
    for (const res of [...streams.keys()]) send(res, ': keep-alive\n\n')
  }, options.heartbeatMs ?? 15_000)
  heartbeat.unref()

  function forget(res: ServerResponse) {
    const owner = streams.get(res)
    if (!owner) return
    streams.delete(res)
    const count = (perAccount.get(owner.accountId) ?? 1) - 1
    if (count > 0) perAccount.set(owner.accountId, count)
    else perAccount.delete(owner.accountId)
  }

  // A client that stops reading would have the server hold everything sent to it: past the bound
  // it is cut off, and its browser reconnects and catches up from the buffer.
  function send(res: ServerResponse, text: string) {
    res.write(text)
    if (res.writableLength <= maxUnsent) return
    log('live: dropped a stream that stopped reading', { unsentBytes: res.writableLength })
    forget(res)
    res.destroy()
  }

  function missedSince(lastEventId: string | undefined): Buffered[] | 'reset' {
    if (!lastEventId) return []
    const [from, number] = lastEventId.split('-')
    const last = Number(number)
    if (from !== boot || !Number.isSafeInteger(last) || last > seq) return 'reset'
    const oldest = buffer[0]?.seq ?? seq + 1
    if (last < oldest - 1) return 'reset'
    const missed = buffer.filter((event) => event.seq > last)
    // More than a stream may hold unsent: reading everything again is cheaper than a replay.
    const size = missed.reduce((total, event) => total + event.data.length, 0)
    return size > maxUnsent ? 'reset' : missed
  }

  function end(res: ServerResponse) {
    forget(res)
    res.end()
  }

  return {
    publish(type: string, payload: unknown) {
      const event = { seq: ++seq, type, data: JSON.stringify(payload) }
      buffer.push(event)
      if (buffer.length > bufferSize) buffer.shift()
      const text = frame(event)
      for (const res of [...streams.keys()]) send(res, text)
    },

    /** Opens `owner`'s stream on `res`; false if refused (the account holds too many). */
    handle(req: IncomingMessage, res: ServerResponse, owner: StreamOwner): boolean {
      // Refusing the newest rather than closing the oldest: tabs past the cap would otherwise
      // close each other in turn as each reconnects. A refused tab polls instead.
      if ((perAccount.get(owner.accountId) ?? 0) >= maxPerAccount) {
        sendError(
          res,
          429,
          `Live updates are already open in ${maxPerAccount} tabs for this account. Close one to get them here.`,
          { 'Retry-After': '30' },
        )
        return false
      }
      streams.set(res, owner)
      perAccount.set(owner.accountId, (perAccount.get(owner.accountId) ?? 0) + 1)
      res.on('close', () => forget(res))
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
      let text = 'retry: 2000\n\n'
      if (missed === 'reset') text += 'event: reset\ndata: {}\n\n'
      else for (const event of missed) text += frame(event)
      // Where the stream stands now, so a browser that has seen no event yet can still resume.
      text += `id: ${boot}-${seq}\nevent: ready\ndata: {}\n\n`
      send(res, text)
      req.socket.setNoDelay(true)
      return true
    },

    /** Ends the streams of a session, or of every session of an account, at once. */
    endStreams(which: StreamEnd) {
      for (const [res, owner] of [...streams]) {
        if (
          'sessionKey' in which
            ? owner.sessionKey === which.sessionKey
            : owner.accountId === which.accountId
        )
          end(res)
      }
    },

    /** Ends one stream: its session was found to have ended. */
    endStream: end,

    get clientCount() {
      return streams.size
    },

    close() {
      clearInterval(heartbeat)
      for (const res of [...streams.keys()]) end(res)
    },
  }
}

export type EventHub = ReturnType<typeof createEventHub>
