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
  /**
   * A token for the video service is at hand (a cached one counts). While its endpoint fails it
   * is not asked at every probe: the failure carries `retryAt`, when it will be asked again.
   */
  service: Check
}

/** A failure that says when its check will next really be tried (epoch ms). */
const retryAtOf = (failure: unknown): number | null => {
  const retryAt = (failure as { retryAt?: unknown } | null)?.retryAt
  return typeof retryAt === 'number' ? retryAt : null
}

class TimedOut extends Error {}

/**
 * `GET /readyz` for load balancers: 200 when the database, Redis (when configured) and the video
 * service's token answer, each within `timeoutMs`, else 503 naming the checks that failed; 503 as
 * soon as shutdown starts. A failed check that is tried again only later (the service's, backing
 * off) says when in `next_attempt` and Retry-After. A check that changes state is logged, so a
 * failing dependency is seen once, not at every probe.
 */
export function createReadiness(checks: ReadinessChecks, logger: Logger, timeoutMs = 2_000) {
  let stopping = false
  const previous = new Map<string, Outcome>()

  async function run(name: string, check: Check | null) {
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
    return { outcome, retryAt: outcome === 'ok' ? null : retryAtOf(failure) }
  }

  return {
    /** From now on the dashboard says it is not ready: it is shutting down. */
    stop() {
      stopping = true
    },
    async handle(_req: IncomingMessage, res: ServerResponse) {
      if (stopping) return sendJson(res, 503, { status: 'stopping', checks: {} })
      const runs = await Promise.all(
        (['database', 'redis', 'service'] as const).map(
          async (name) => [name, await run(name, checks[name])] as const,
        ),
      )
      const results = Object.fromEntries(runs.map(([name, { outcome }]) => [name, outcome]))
      const ready = runs.every(
        ([, { outcome }]) => outcome === 'ok' || outcome === 'not configured',
      )
      const later = runs.flatMap(([name, { retryAt }]) =>
        retryAt ? [[name, retryAt] as const] : [],
      )
      const body = { status: ready ? 'ready' : 'not ready', checks: results }
      if (later.length === 0) return sendJson(res, ready ? 200 : 503, body)
      const next = Object.fromEntries(later.map(([name, at]) => [name, new Date(at).toISOString()]))
      const soonest = Math.min(...later.map(([, at]) => at))
      const seconds = Math.max(1, Math.ceil((soonest - Date.now()) / 1000))
      sendJson(res, 503, { ...body, next_attempt: next }, { 'Retry-After': String(seconds) })
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
