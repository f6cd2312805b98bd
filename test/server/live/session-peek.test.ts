import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMemorySessions,
  createRedisSessions,
  defaultSessionLifetimes,
  type SessionStore,
} from '../../../server/dashboard/auth/sessions.ts'
import { startRedisServer } from '../support/redis-server.ts'

let redisServer: Awaited<ReturnType<typeof startRedisServer>>
let redis: Redis
beforeAll(async () => {
  redisServer = await startRedisServer()
  redis = new Redis(redisServer.url)
})
afterAll(async () => {
  await redis?.quit()
  await redisServer?.stop()
})

const stores: Array<[string, (now: () => number) => SessionStore]> = [
  ['in memory', (now) => createMemorySessions({ now })],
  ['in Redis', (now) => createRedisSessions(redis, { now })],
]

// An open event stream looks at its session without using it: peek.
describe.each(stores)('peeking at a session %s', (_name, makeStore) => {
  it('says when it ends unless used, and does not count as use', async () => {
    const start = Date.now()
    let now = start
    const store = makeStore(() => now)
    const id = await store.create('account-peek')
    now = start + defaultSessionLifetimes.idleMs - 1000
    expect(await store.peek(id)).toMatchObject({
      accountId: 'account-peek',
      expiresAt: start + defaultSessionLifetimes.idleMs,
    })
    now = start + defaultSessionLifetimes.idleMs + 1
    expect(await store.peek(id)).toBeNull()
    expect(await store.get(id)).toBeNull()
  })

  it('ends at the absolute lifetime however recently the session was used', async () => {
    const start = Date.now()
    let now = start
    const store = makeStore(() => now)
    const id = await store.create('account-busy-peek')
    while (now < start + defaultSessionLifetimes.absoluteMs - defaultSessionLifetimes.idleMs) {
      now += defaultSessionLifetimes.idleMs / 2
      expect(await store.get(id)).not.toBeNull()
    }
    expect(await store.peek(id)).toMatchObject({
      expiresAt: start + defaultSessionLifetimes.absoluteMs,
    })
    expect(await store.peek(`${id}x`)).toBeNull()
  })
})
