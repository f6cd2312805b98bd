import type { IncomingMessage } from 'node:http'

// Probes an orchestrator restarts or drains a replica by: answered at once, never queued.
const probePaths: ReadonlySet<string> = new Set(['/healthz', '/readyz'])

export const isProbe = (req: IncomingMessage) =>
  req.method === 'GET' && probePaths.has((req.url ?? '/').split('?', 1)[0] ?? '/')

/**
 * Starts each request in an event-loop turn of its own, with the sockets read between turns,
 * and client addresses served in turn (each address's requests in arrival order). A burst read
 * from the sockets at once (200 sign-ins of a password-guessing flood) was otherwise handled in
 * one turn, about 1.4 ms of work each, and a health probe or another person's request that
 * arrived meanwhile waited for all of it (0.2-0.5 s). Now one request's start, and whatever it
 * does before its first wait (a database read, its answer), fits between two reads of the
 * sockets, and a flood from one address delays another's request by one turn, not by the
 * flood. Behind a proxy every request comes from the proxy's address: they are then served in
 * arrival order. A request waits at most for the turns of the requests ahead of it.
 */
export function createRequestTurns(): (req: IncomingMessage, start: () => void) => void {
  // In the order the addresses are to be served: an address served goes to the back.
  const waiting = new Map<string, Array<() => void>>()
  let scheduled = false
  const takeTurn = () => {
    const next = waiting.entries().next()
    if (!next.done) {
      const [address, queue] = next.value
      waiting.delete(address)
      const start = queue.shift()
      if (queue.length > 0) waiting.set(address, queue)
      // Queued before `start` runs, so the next turn comes after the loop has read the sockets
      // again (an immediate queued while immediates run waits for the loop's next round).
      scheduled = waiting.size > 0
      if (scheduled) setImmediate(takeTurn)
      start?.()
    } else scheduled = false
  }
  return (req, start) => {
    const address = req.socket.remoteAddress ?? ''
    const queue = waiting.get(address)
    if (queue) queue.push(start)
    else waiting.set(address, [start])
    if (!scheduled) {
      scheduled = true
      setImmediate(takeTurn)
    }
  }
}
