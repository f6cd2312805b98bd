import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { isLoopbackHost } from './host-check.ts'

/**
 * One address may hold at most `max` open connections; more are closed at once, so a single
 * client cannot exhaust the server's sockets. Loopback is exempt: the embedded sandbox's
 * webhooks and a reverse proxy on this machine (which must then apply its own limits).
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string) => boolean = isLoopbackHost,
) {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:/, '')
    if (exempt(address)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left === 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
