import { Redis } from 'ioredis'
import * as z from 'zod'
import { parseServiceEventJson, type ServiceEvent } from '../../../src/api/service-event.ts'
import type { Log } from '../ops/logger.ts'
import { closeRedis, reportOutages } from '../ops/redis-outages.ts'
import { APPLYING_TTL_MS, DEDUP_TTL_MS, type DeliveryLedger, newClaimToken } from './dedup.ts'
import type { StreamEnd } from './event-hub.ts'

const EVENTS = 'dashboard:service-events'
const SESSION_ENDS = 'dashboard:session-ends'
const KEY_PREFIX = 'dashboard:webhook-seen:'
const APPLIED = 'applied'
// Deletes a claim only if it is still the one this delivery made.
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

const zStreamEnd = z.union([
  z.object({ sessionKey: z.string() }),
  z.object({ accountId: z.string() }),
])

export interface RedisLiveOptions {
  onEvent: (event: ServiceEvent) => void
  onStreamEnd: (which: StreamEnd) => void
  log: Log
}

// With REDIS_URL, replicas share one ledger of deliveries (a claim while an event is applied,
// then `applied` for 7 days, so a duplicate sent to another replica is ignored), one channel of
// events (a webhook received by any replica reaches the browsers connected to every replica) and
// one of ended sessions (a sign-out on one replica ends the streams open on the others).
export async function connectRedisLive(url: string, options: RedisLiveOptions) {
  // A command fails within seconds while Redis is away, so a webhook is answered 503 well inside
  // the service's 30 s timeout.
  const settings = { lazyConnect: true, maxRetriesPerRequest: 3 }
  const commands = reportOutages(
    new Redis(url, { ...settings, commandTimeout: 5_000 }),
    'commands',
    options.log,
  )
  const subscriber = reportOutages(new Redis(url, settings), 'subscriber', options.log)
  await Promise.all([commands.connect(), subscriber.connect()])
  await subscriber.subscribe(EVENTS, SESSION_ENDS)
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === EVENTS) {
      const event = parseServiceEventJson(message)
      if (event) options.onEvent(event)
    } else if (channel === SESSION_ENDS) {
      const which = parseStreamEnd(message)
      if (which) options.onStreamEnd(which)
    }
  })
  const ledger: DeliveryLedger = {
    async claim(key) {
      const token = newClaimToken()
      const set = await commands.set(`${KEY_PREFIX}${key}`, token, 'PX', APPLYING_TTL_MS, 'NX')
      if (set === 'OK') return { state: 'claimed', token }
      return (await commands.get(`${KEY_PREFIX}${key}`)) === APPLIED
        ? { state: 'applied' }
        : { state: 'applying' }
    },
    async markApplied(key) {
      await commands.set(`${KEY_PREFIX}${key}`, APPLIED, 'PX', DEDUP_TTL_MS)
    },
    async release(key, token) {
      await commands.eval(RELEASE, 1, `${KEY_PREFIX}${key}`, token)
    },
  }
  return {
    ledger,
    /** Sends an event to every replica's browsers; rejects if no replica is listening. */
    async publish(event: ServiceEvent) {
      const listeners = await commands.publish(EVENTS, JSON.stringify(event))
      if (listeners === 0) throw new Error('no dashboard is subscribed to the event channel')
    },
    async announceStreamEnd(which: StreamEnd) {
      await commands.publish(SESSION_ENDS, JSON.stringify(which))
    },
    /** For readiness: both connections answer PING. */
    ping: () => Promise.all([commands.ping(), subscriber.ping()]),
    async close() {
      await Promise.all([closeRedis(subscriber), closeRedis(commands)])
    },
  }
}

function parseStreamEnd(message: string): StreamEnd | null {
  try {
    const parsed = zStreamEnd.safeParse(JSON.parse(message))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
