import { createHash } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMemoryLimiter,
  type SignInLimiter,
} from '../../../server/dashboard/auth/rate-limit.ts'
import { createRedisLimiter } from '../../../server/dashboard/auth/rate-limit-redis.ts'
import {
  accountDelayMs,
  attemptKeys,
  type SignInRules,
  signInRules,
} from '../../../server/dashboard/auth/sign-in-rules.ts'
import { startRedisServer } from '../support/redis-server.ts'

const minute = 60_000
const rules: SignInRules = {
  pair: { attempts: 2, windowMs: minute },
  address: { attempts: 3, windowMs: minute },
  account: { windowMs: minute, freeAttempts: 2, firstDelayMs: 1000, maxDelayMs: 4000 },
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

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

let run = 0
/** An email and addresses no other test uses (Redis keeps what earlier tests counted). */
const fresh = () => {
  run++
  const addressNo = (index: number) => `10.9.${run}.${index}`
  return { email: `person${run}@example.com`, address: addressNo(1), addressNo }
}

describe.each([
  ['in memory', () => createMemoryLimiter(rules)],
  ['in Redis', () => createRedisLimiter(redis, rules)],
])('the sign-in limiter %s', (_, create: () => SignInLimiter) => {
  it('admits attempts on one account from one address until none are left, then says for how long', async () => {
    const limiter = create()
    const { email, address } = fresh()
    const keys = attemptKeys(email, address)
    expect(await limiter.admit(keys)).toEqual({
      admitted: true,
      accountAttempts: 0,
      pairAttempts: 0,
    })
    expect(await limiter.admit(keys)).toEqual({
      admitted: true,
      accountAttempts: 1,
      pairAttempts: 1,
    })
    const refused = await limiter.admit(keys)
    expect(refused.admitted).toBe(false)
    if (refused.admitted) return
    expect(refused.retryAfterMs).toBeGreaterThan(minute - 5_000)
    expect(refused.retryAfterMs).toBeLessThanOrEqual(minute)
  })

  it('counts attempts before they are checked: of 10 at once, exactly the pair limit pass', async () => {
    const limiter = create()
    const { email, address } = fresh()
    const keys = attemptKeys(email, address)
    const all = await Promise.all(Array.from({ length: 10 }, () => limiter.admit(keys)))
    expect(all.filter((each) => each.admitted)).toHaveLength(2)
  })

  it('counts an account from every address, and holds back an address across accounts', async () => {
    const limiter = create()
    const { email, addressNo } = fresh()
    const spray = addressNo(100)
    const counts = []
    for (const index of [1, 2, 3, 4])
      counts.push(await limiter.admit(attemptKeys(email, addressNo(index))))
    expect(counts.map((each) => each.admitted && each.accountAttempts)).toEqual([0, 1, 2, 3])
    for (const other of ['a', 'b', 'c'])
      expect((await limiter.admit(attemptKeys(`${other}${email}`, spray))).admitted).toBe(true)
    expect((await limiter.admit(attemptKeys(`d${email}`, spray))).admitted).toBe(false)
  })

  it('does not count a refused attempt against the account', async () => {
    const limiter = create()
    const { email, address, addressNo } = fresh()
    for (let index = 0; index < 5; index++) await limiter.admit(attemptKeys(email, address))
    expect(await limiter.admit(attemptKeys(email, addressNo(2)))).toEqual({
      admitted: true,
      accountAttempts: 2,
      pairAttempts: 0,
    })
  })

  it('starts the pair afresh on success and no longer counts that attempt', async () => {
    const limiter = create()
    const { email, address } = fresh()
    const keys = attemptKeys(email, address)
    await limiter.admit(keys)
    await limiter.admit(keys)
    await limiter.succeeded(keys)
    expect(await limiter.admit(keys)).toEqual({
      admitted: true,
      accountAttempts: 1,
      pairAttempts: 0,
    })
    expect((await limiter.admit(keys)).admitted).toBe(true)
    expect((await limiter.admit(keys)).admitted).toBe(false)
  })

  it('gives back an attempt that was never checked', async () => {
    const limiter = create()
    const { email, address } = fresh()
    const keys = attemptKeys(email, address)
    await limiter.admit(keys)
    await limiter.admit(keys)
    await limiter.release(keys)
    expect(await limiter.admit(keys)).toEqual({
      admitted: true,
      accountAttempts: 1,
      pairAttempts: 1,
    })
  })
})

describe('the in-memory sign-in limiter', () => {
  it('keys on a digest of the normalised email, never the email itself', async () => {
    const limiter = createMemoryLimiter(rules)
    await limiter.admit(attemptKeys('  Secret.Person@Example.COM ', '10.3.0.1'))
    const keys = limiter.keys()
    expect(keys).toHaveLength(3)
    expect(keys.join(' ')).not.toMatch(/secret|example|@/i)
    expect(keys.filter((key) => key.includes(sha256('secret.person@example.com')))).toHaveLength(2)
  })

  it('forgets windows that have ended', async () => {
    let now = 0
    const limiter = createMemoryLimiter(rules, { now: () => now })
    const keys = attemptKeys('old@example.com', '10.4.0.1')
    await limiter.admit(keys)
    await limiter.admit(keys)
    expect((await limiter.admit(keys)).admitted).toBe(false)
    now += minute
    await limiter.admit(attemptKeys('new@example.com', '10.4.0.2'))
    expect(limiter.keys()).toHaveLength(3)
    expect(await limiter.admit(keys)).toEqual({
      admitted: true,
      accountAttempts: 0,
      pairAttempts: 0,
    })
  })

  it('holds at most its cap of keys, forgetting the oldest first', async () => {
    const limiter = createMemoryLimiter(rules, { maxKeys: 30 })
    for (let index = 0; index < 1000; index++)
      await limiter.admit(attemptKeys(`p${index}@example.com`, `10.5.${index >> 8}.${index & 255}`))
    expect(limiter.keys()).toHaveLength(30)
    const newest = attemptKeys('p999@example.com', '10.5.3.231')
    expect(limiter.keys()).toEqual(expect.arrayContaining([newest.pair, newest.account]))
    expect(limiter.keys()).not.toContain(attemptKeys('p0@example.com', '10.5.0.0').account)
  })
})

describe('the Redis sign-in limiter', () => {
  it('keys on a digest of the normalised email and sets every key to expire', async () => {
    await createRedisLimiter(redis, rules).admit(attemptKeys('Hidden@Example.com', '10.6.0.1'))
    const keys = await redis.keys('*')
    expect(keys.join(' ')).not.toMatch(/hidden|example|@/i)
    expect(keys.filter((key) => key.includes(sha256('hidden@example.com')))).toHaveLength(2)
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0)
  })
})

describe('the rules', () => {
  it('make further attempts on an account wait longer, doubling from 1 s to at most 8 s', () => {
    const waits = Array.from({ length: 12 }, (_, before) => accountDelayMs(before))
    expect(waits).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000])
    expect(accountDelayMs(1_000_000)).toBe(8000)
    expect(accountDelayMs(3, rules.account)).toBe(2000)
  })

  it('hold a pair back after 5 and an address after 30 in 15 minutes', () => {
    expect(signInRules.pair).toEqual({ attempts: 5, windowMs: 15 * minute })
    expect(signInRules.address).toEqual({ attempts: 30, windowMs: 15 * minute })
  })
})
