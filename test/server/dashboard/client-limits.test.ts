import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { limitConnectionsPerAddress } from '../../../server/dashboard/http/connection-limit.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'

/** A raw connection, and what the server said before it closed the connection. */
function openSocket(url: string) {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  let answer = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (answer += chunk))
  socket.on('error', () => {})
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)))
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, closed, connected, answer: () => answer }
}

describe('a slow client', () => {
  const running = dashboardWithFakeService('file', {
    clientTimeoutsMs: { headers: 300, request: 600 },
  })

  it('that never finishes its headers is answered 408 and cut off', async () => {
    const { socket, closed } = openSocket(running.dashboard.url)
    socket.write('GET /auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('that never finishes its body is answered 408 and cut off, and nothing is forwarded', async () => {
    const { socket, closed } = openSocket(running.dashboard.url)
    const cookie = running.dashboard.session.cookie ?? ''
    socket.write(
      [
        'PATCH /api/v1/videos/v1 HTTP/1.1',
        `Host: ${new URL(running.dashboard.url).host}`,
        `Cookie: ${cookie}`,
        `Origin: ${running.dashboard.url}`,
        'X-Dashboard-Request: 1',
        'Content-Type: application/json',
        'Content-Length: 100',
        '',
        '{"caption":',
      ].join('\r\n'),
    )
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /)
    expect(running.service.apiRequests.filter((request) => request.method === 'PATCH')).toEqual([])
  })
})

describe('connections from one address', () => {
  let server: Server | undefined
  const sockets: Socket[] = []
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('are closed at once past the cap, and accepted again once one ends', async () => {
    server = createServer((_req, res) => res.end('ok'))
    // Loopback is exempt in the dashboard (a proxy on this machine); here it stands for an address.
    limitConnectionsPerAddress(server, 3, () => false)
    const url = await new Promise<string>((resolve) =>
      server?.listen(0, '127.0.0.1', () => {
        const address = server?.address()
        resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
      }),
    )
    const held = [openSocket(url), openSocket(url), openSocket(url)]
    sockets.push(...held.map((each) => each.socket))
    await Promise.all(held.map((each) => each.connected))
    const extra = openSocket(url)
    sockets.push(extra.socket)
    extra.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(await extra.closed).toBe('')

    held[0]?.socket.destroy()
    await held[0]?.closed
    const again = openSocket(url)
    sockets.push(again.socket)
    again.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await expect.poll(again.answer).toMatch(/^HTTP\/1\.1 200 OK/)
  })
})
