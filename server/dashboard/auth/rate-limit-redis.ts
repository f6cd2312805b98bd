import type { Redis } from 'ioredis'
import type { Admission, SignInLimiter } from './rate-limit.ts'
import type { AttemptKeys, SignInRules } from './sign-in-rules.ts'

const prefix = 'dashboard:sign-in:'

// The memory limiter's rules, run inside Redis so that replicas admitting attempts at once
// still see one count: a script runs without any other command between its steps.
// KEYS: pair, address, account. ARGV: pair limit and window, address limit and window, account
// window. Answers {1, account attempts before this one, pair attempts before it} or
// {0, milliseconds to wait}.
const admitScript = `
local function waitFor(key, limit, window)
  if tonumber(redis.call('GET', key) or '0') < tonumber(limit) then return 0 end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, window)
    return tonumber(window)
  end
  return ttl
end
local function count(key, window)
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, window) end
  return n - 1
end
local wait = math.max(waitFor(KEYS[1], ARGV[1], ARGV[2]), waitFor(KEYS[2], ARGV[3], ARGV[4]))
if wait > 0 then return {0, wait} end
local pair = count(KEYS[1], ARGV[2])
count(KEYS[2], ARGV[4])
return {1, count(KEYS[3], ARGV[5]), pair}
`

// KEYS: pair, address, account. ARGV[1] 'clear' drops the pair (a success) instead of giving
// one attempt back. A key that has expired meanwhile is left alone, never made negative.
const giveBackScript = `
local function giveBack(key)
  if redis.call('EXISTS', key) == 1 and redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
if ARGV[1] == 'clear' then redis.call('DEL', KEYS[1]) else giveBack(KEYS[1]) end
giveBack(KEYS[2])
giveBack(KEYS[3])
return 0
`

/** The same limits shared by every replica on one Redis, under the same keys. */
export function createRedisLimiter(redis: Redis, rules: SignInRules): SignInLimiter {
  const keysOf = (keys: AttemptKeys) => [
    `${prefix}${keys.pair}`,
    `${prefix}${keys.address}`,
    `${prefix}${keys.account}`,
  ]
  const giveBack = async (keys: AttemptKeys, how: 'clear' | 'one') => {
    await redis.eval(giveBackScript, 3, ...keysOf(keys), how)
  }
  return {
    async admit(keys) {
      const answer = await redis.eval(
        admitScript,
        3,
        ...keysOf(keys),
        rules.pair.attempts,
        rules.pair.windowMs,
        rules.address.attempts,
        rules.address.windowMs,
        rules.account.windowMs,
      )
      return admissionOf(answer)
    },
    release: (keys) => giveBack(keys, 'one'),
    succeeded: (keys) => giveBack(keys, 'clear'),
  }
}

function admissionOf(answer: unknown): Admission {
  if (!Array.isArray(answer) || answer.length < 2) throw new Error('Redis gave no admission')
  const [admitted, figure, pair] = answer.map(Number)
  if (figure === undefined || !Number.isFinite(figure)) throw new Error('Redis gave no admission')
  if (admitted !== 1) return { admitted: false, retryAfterMs: Math.max(figure, 1) }
  if (pair === undefined || !Number.isFinite(pair)) throw new Error('Redis gave no admission')
  return { admitted: true, accountAttempts: figure, pairAttempts: pair }
}
