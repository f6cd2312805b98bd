import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  createMemorySessions,
  defaultSessionLifetimes,
  type SessionStore,
} from '../../../server/dashboard/auth/sessions.ts'
import { createEventHub, type EventHub } from '../../../server/dashboard/live/event-hub.ts'
import { createSessionStreams } from '../../../server/dashboard/live/session-streams.ts'
import { waitUntil } from '../wait-until.ts'
import { openEvents } from '../webhooks/support.ts'

// The event streams as the dashboard serves them, over real HTTP, on a session store whose clock
// the test moves: a session is tried with the cookie `session=<id>`.
const start = Date.now()
let now = start
let checks = 0
const store = createMemorySessions({ now: () => now })
const counted: SessionStore = {
  ...store,
  get: (id) => {
    checks++
    return store.get(id)
  },
  peek: (id) => {
    checks++
    return store.peek(id)
  },
}
let hub: EventHub
let server: Server
let url: string
beforeAll(async () => {
  hub = createEventHub()
  const streams = createSessionStreams({
    hub,
    sessions: counted,
    log: () => {},
    now: () => now,
    recheckMs: 20,
  })
  server = createServer(async (req, res) => {
    const sessionId = /session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
    const session = await store.get(sessionId)
    if (!session) return res.writeHead(401).end()
    await streams.handle(req, res, { id: session.accountId, sessionId })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  hub.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const open = async (sessionId: string) =>
  openEvents({ url, session: { cookie: `session=${sessionId}` } })
/** Waits until the open streams have checked their sessions again at least twice. */
const twoMoreChecks = async () => {
  const from = checks
  await waitUntil(() => checks >= from + 2, 'the open streams to check their sessions again')
}

it('ends a stream when its session expires, without its being open counting as use', async () => {
  const [idle, used] = [await store.create('account-a'), await store.create('account-b')]
  const [idleStream, usedStream] = [await open(idle), await open(used)]
  expect(idleStream.response.status).toBe(200)

  // Nearly 8 hours on, both still valid; the open streams check them, which is not use.
  now = start + defaultSessionLifetimes.idleMs - 60_000
  await twoMoreChecks()
  expect(await store.get(used)).not.toBeNull()
  now = start + defaultSessionLifetimes.idleMs + 1
  await waitUntil(() => idleStream.ended, 'the idle session’s stream to end')
  await twoMoreChecks()
  expect(usedStream.ended).toBe(false)

  // 8 hours after its last use, however long its stream has been open.
  now = start + 2 * defaultSessionLifetimes.idleMs - 60_000 + 1
  await waitUntil(() => usedStream.ended, 'the other session’s stream to end')
})
