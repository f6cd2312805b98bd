import type { Redis } from 'ioredis'
import type { Log } from './logger.ts'

// One line when Redis goes away and one when it is back, not one per reconnection attempt.
export function reportOutages(redis: Redis, role: string, log: Log): Redis {
  let reachable = true
  redis.on('error', (error: Error) => {
    if (!reachable) return
    reachable = false
    log('Redis unreachable', { connection: role, error: error.message })
  })
  redis.on('ready', () => {
    if (reachable) return
    reachable = true
    log('Redis reachable again', { connection: role })
  })
  return redis
}

/** Closes a connection: politely (QUIT) while Redis answers, at once when it is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
  else redis.disconnect()
}
