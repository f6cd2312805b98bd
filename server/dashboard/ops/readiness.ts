import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../http/json-response.ts'
import type { Logger } from './logger.ts'

type Check = () => Promise<unknown>
type Outcome = 'ok' | 'not configured' | 'failed' | 'timed out'

export interface ReadinessChecks {
  /** The account database answers a query. */
  database: Check
  /** Redis answers PING; null without REDIS_URL. */
  redis: Check | null
  /** A token for the video service is at hand (a cached one counts). */
  service: Check
}

class TimedOut extends Error {}

/**
 * `GET /readyz` for load balancers: 200 when the database, Redis (when configured) and the video
 * service's token answer, each within `timeoutMs`, else 503 naming the checks that failed; 503 as
 * soon as shutdown starts. A check that changes state is logged, so a failing dependency is seen
 * once, not at every probe.
 */
export function createReadiness(checks: ReadinessChecks, logger: Logger, timeoutMs = 2_000) {
  let stopping = false
  const previous = new Map<string, Outcome>()

  async function run(name: string, check: Check | null): Promise<Outcome> {
    let outcome: Outcome = 'not configured'
    let failure: unknown
    if (check) {
      try {
        await withTimeout(check(), timeoutMs)
        outcome = 'ok'
      } catch (error) {
        outcome = error instanceof TimedOut ? 'timed out' : 'failed'
        failure = error
      }
    }
    if ((previous.get(name) ?? 'ok') !== outcome) {
      if (outcome === 'ok') logger.info({ check: name }, 'readiness check passes again')
      else logger.warn({ check: name, outcome, err: failure }, 'readiness check fails')
    }
    previous.set(name, outcome)
    return outcome
  }

  return {
    /** From now on the dashboard says it is not ready: it is shutting down. */
    stop() {
      stopping = true
    },
    async handle(_req: IncomingMessage, res: ServerResponse) {
      if (stopping) return sendJson(res, 503, { status: 'stopping', checks: {} })
      const [database, redis, service] = await Promise.all([
        run('database', checks.database),
        run('redis', checks.redis),
        run('service', checks.service),
      ])
      const results = { database, redis, service }
      const ready = Object.values(results).every(
        (outcome) => outcome === 'ok' || outcome === 'not configured',
      )
      sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: results })
    },
  }
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms)
  })
  // A check that fails after its time is up has nobody left to tell.
  work.catch(() => {})
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
