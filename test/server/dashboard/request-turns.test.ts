import type { IncomingMessage } from 'node:http'
import { type AddressInfo, connect, createServer, type Socket } from 'node:net'
import { expect, it } from 'vitest'
import { createRequestTurns, isProbe } from '../../../server/dashboard/http/request-turns.ts'

// A burst read from the sockets at once is worked through one request per turn of the event
// loop, addresses in turn, so a probe or another person's request never waits for the burst.
const from = (address: string, url = '/auth/sign-in', method = 'POST') =>
  ({ socket: { remoteAddress: address }, url, method }) as unknown as IncomingMessage

it("serves another address's request next, not after a burst from one address", async () => {
  const takeTurn = createRequestTurns()
  const started: string[] = []
  const done = new Promise<void>((resolve) => {
    const start = (name: string) => () => {
      started.push(name)
      if (started.length === 6) resolve()
    }
    for (const n of [1, 2, 3, 4, 5]) takeTurn(from('10.0.0.2'), start(`flood ${n}`))
    takeTurn(from('10.0.0.3'), start('bystander'))
  })
  await done
  expect(started).toEqual(['flood 1', 'bystander', 'flood 2', 'flood 3', 'flood 4', 'flood 5'])
})

it('lets the loop read its sockets between two requests', async () => {
  // A loopback connection: what one end writes, the other reads in the loop's next socket read.
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve))
  const client = connect(port, '127.0.0.1')
  const far = await accepted
  const takeTurn = createRequestTurns()
  const order: string[] = []
  far.once('data', () => order.push('a socket read'))
  await new Promise<void>((resolve) => {
    takeTurn(from('10.0.0.2'), () => {
      order.push('first')
      client.write('a probe')
    })
    takeTurn(from('10.0.0.2'), () => {
      order.push('second')
      resolve()
    })
  })
  client.destroy()
  far.destroy()
  server.close()
  expect(order).toEqual(['first', 'a socket read', 'second'])
})

it('answers health and readiness probes outside the turns', () => {
  expect(isProbe(from('10.0.0.3', '/healthz', 'GET'))).toBe(true)
  expect(isProbe(from('10.0.0.3', '/readyz?full=1', 'GET'))).toBe(true)
  expect(isProbe(from('10.0.0.3', '/auth/sign-in'))).toBe(false)
  expect(isProbe(from('10.0.0.3', '/healthz/../api/v1/videos', 'GET'))).toBe(false)
})
