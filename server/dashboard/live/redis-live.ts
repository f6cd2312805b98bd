import { Redis } from 'ioredis'
import { DEDUP_TTL_MS, type DeliveryLedger } from './dedup.ts'
import type { ServiceEvent } from './service-event.ts'

const CHANNEL = 'dashboard:service-events'
const KEY_PREFIX = 'dashboard:webhook-seen:'

// With REDIS_URL, replicas share one ledger of deliveries seen (SET NX with the 7-day expiry, so
// a duplicate sent to another replica is ignored) and one channel (a webhook received by any
// replica reaches the browsers connected to every replica).
export async function connectRedisLive(url: string, onEvent: (event: ServiceEvent) => void) {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 }
  const commands = new Redis(url, options)
  const subscriber = new Redis(url, options)
  await Promise.all([commands.connect(), subscriber.connect()])
  await subscriber.subscribe(CHANNEL)
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return
    try {
      onEvent(JSON.parse(message) as ServiceEvent)
    } catch {
      // Another program's message on our channel: nothing to apply.
    }
  })
  const ledger: DeliveryLedger = {
    async claim(key) {
      return (await commands.set(`${KEY_PREFIX}${key}`, '1', 'PX', DEDUP_TTL_MS, 'NX')) === 'OK'
    },
  }
  return {
    ledger,
    publish: (event: ServiceEvent) => commands.publish(CHANNEL, JSON.stringify(event)),
    /** For readiness: both connections answer PING. */
    ping: () => Promise.all([commands.ping(), subscriber.ping()]),
    async close() {
      await Promise.allSettled([subscriber.quit(), commands.quit()])
    },
  }
}
