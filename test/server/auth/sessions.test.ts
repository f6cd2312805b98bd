import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMemorySessions,
  createRedisSessions,
  defaultSessionLifetimes,
  type SessionLifetimes,
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

const minute = 60_000
const hour = 60 * minute

type MakeStore = (now: () => number, lifetimes?: SessionLifetimes) => SessionStore
const stores: Array<[string, MakeStore]> = [
  ['in memory', (now, lifetimes) => createMemorySessions({ now, lifetimes })],
  ['in Redis', (now, lifetimes) => createRedisSessions(redis, { now, lifetimes })],
]

describe.each(stores)('sessions %s', (name, makeStore) => {
  it('by default end after 30 minutes unused and 12 hours after sign-in (ASVS L2)', async () => {
    expect(defaultSessionLifetimes).toEqual({ idleMs: 30 * minute, absoluteMs: 12 * hour })
    const start = Date.now()
    let now = start
    const store = makeStore(() => now)
    expect(store.lifetimes).toEqual(defaultSessionLifetimes)
    const idle = await store.create('account-default-idle')
    const busy = await store.create('account-default-busy')
    now += 29 * minute
    expect(await store.get(busy)).not.toBeNull()
    expect(await store.get(idle)).not.toBeNull()
    now += 29 * minute
    expect(await store.get(busy)).not.toBeNull()
    now += minute
    expect(await store.get(idle)).toBeNull()
    while (now + 28 * minute < start + 12 * hour) {
      now += 28 * minute
      expect(await store.get(busy)).not.toBeNull()
    }
    now = start + 12 * hour
    expect(await store.get(busy)).toBeNull()
  })

  it('end after the idle lifetime given unused', async () => {
    const lifetimes = { idleMs: 2 * hour, absoluteMs: 24 * hour }
    let now = Date.now()
    const store = makeStore(() => now, lifetimes)
    const id = await store.create('account-idle')
    now += 2 * hour - 1000
    expect(await store.get(id)).toMatchObject({ accountId: 'account-idle' })
    now += 2 * hour - 1000
    expect(await store.get(id)).not.toBeNull()
    now += 2 * hour
    expect(await store.get(id)).toBeNull()
  })

  it('end the absolute lifetime given after sign-in however much they are used', async () => {
    const lifetimes = { idleMs: hour, absoluteMs: 5 * hour }
    const start = Date.now()
    let now = start
    const store = makeStore(() => now, lifetimes)
    const id = await store.create('account-busy')
    while (now < start + 5 * hour - hour) {
      now += hour / 2
      expect(await store.get(id)).not.toBeNull()
    }
    now = start + 5 * hour
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

  it('end all but the one kept, when a password changes', async () => {
    const store = makeStore(Date.now)
    const [kept, other, another] = [
      await store.create('account-d'),
      await store.create('account-d'),
      await store.create('account-d'),
    ]
    await store.deleteAllFor('account-d', kept)
    expect(await store.get(kept)).toMatchObject({ accountId: 'account-d' })
    expect(await store.get(other)).toBeNull()
    expect(await store.get(another)).toBeNull()
    await store.deleteAllFor('account-d')
    expect(await store.get(kept)).toBeNull()
  })

  it('never store the id itself', async () => {
    const store = makeStore(Date.now)
    const id = await store.create('account-c')
    if (name === 'in Redis') expect((await redis.keys('*')).join(' ')).not.toContain(id)
    expect(await store.get(`${id}x`)).toBeNull()
  })
})
