import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMemorySessions,
  createRedisSessions,
  maxSessionsPerAccount,
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
const stores: Array<[string, (now: () => number) => SessionStore]> = [
  ['in memory', (now) => createMemorySessions({ now })],
  ['in Redis', (now) => createRedisSessions(redis, { now })],
]

describe.each(stores)('sessions %s', (_, makeStore) => {
  it('are at most 20 per account: a new one ends the oldest', async () => {
    let now = Date.now()
    const store = makeStore(() => now)
    const theirs = await store.create('account-capped-other')
    const mine: string[] = []
    for (let index = 0; index < 22; index++) {
      now += 1
      mine.push(await store.create('account-capped'))
    }
    expect(await store.get(mine[0] as string)).toBeNull()
    expect(await store.get(mine[1] as string)).toBeNull()
    for (const id of mine.slice(2)) expect(await store.get(id)).not.toBeNull()
    expect(await store.get(theirs)).not.toBeNull()
    expect(maxSessionsPerAccount).toBe(20)
  })

  it('count only the sessions still valid against the cap', async () => {
    let now = Date.now()
    const store = makeStore(() => now)
    const old = []
    for (let index = 0; index < 20; index++) old.push(await store.create('account-expired'))
    now += 31 * minute
    const fresh = await store.create('account-expired')
    const kept = await store.create('account-expired')
    expect(await store.get(fresh)).not.toBeNull()
    expect(await store.get(kept)).not.toBeNull()
    await store.deleteAllFor('account-expired')
    expect(await store.get(kept)).toBeNull()
  })
})

describe('sessions in memory', () => {
  it('are swept once they expire, with no timer of their own', async () => {
    let now = Date.now()
    const store = createMemorySessions({ now: () => now })
    for (let index = 0; index < 500; index++) await store.create(`account-${index}`)
    expect(store.held()).toBe(500)
    now += 31 * minute
    const current = await store.create('account-current')
    expect(store.held()).toBe(1)
    expect(await store.get(current)).not.toBeNull()
  })
})
