import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ABSOLUTE_MS,
  createMemorySessions,
  createRedisSessions,
  IDLE_MS,
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
  ['in memory', (now) => createMemorySessions(now)],
  ['in Redis', (now) => createRedisSessions(redis, now)],
]

describe.each(stores)('sessions %s', (_name, makeStore) => {
  it('end after 8 hours unused', async () => {
    let now = Date.now()
    const store = makeStore(() => now)
    const id = await store.create('account-idle')
    now += IDLE_MS - 1000
    expect(await store.get(id)).toMatchObject({ accountId: 'account-idle' })
    now += IDLE_MS - 1000
    expect(await store.get(id)).not.toBeNull()
    now += IDLE_MS
    expect(await store.get(id)).toBeNull()
  })

  it('end 7 days after sign-in however much they are used', async () => {
    let now = Date.now()
    const store = makeStore(() => now)
    const id = await store.create('account-busy')
    while (now < Date.now() + ABSOLUTE_MS - IDLE_MS) {
      now += IDLE_MS / 2
      expect(await store.get(id)).not.toBeNull()
    }
    now = Date.now() + ABSOLUTE_MS
    expect(await store.get(id)).toBeNull()
  })

  it('end all together when the account signs out everywhere, and no other account’s', async () => {
    const store = makeStore(Date.now)
    const mine = [await store.create('account-a'), await store.create('account-a')]
    const theirs = await store.create('account-b')
    await store.deleteAllFor('account-a')
    for (const id of mine) expect(await store.get(id)).toBeNull()
    expect(await store.get(theirs)).toMatchObject({ accountId: 'account-b' })
  })

  it('never store the id itself', async () => {
    const store = makeStore(Date.now)
    const id = await store.create('account-c')
    if (_name === 'in Redis') expect((await redis.keys('*')).join(' ')).not.toContain(id)
    expect(await store.get(`${id}x`)).toBeNull()
  })
})
