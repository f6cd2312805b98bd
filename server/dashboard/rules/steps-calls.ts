import type * as z from 'zod'
import type { traceCallSchema } from '../../../src/api/rules.ts'
import { type ServiceClient, ServiceReadError } from '../forwarding/service-client.ts'

export type TraceCall = z.infer<typeof traceCallSchema>
type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** A step that cannot be done as asked (a full playlist, a product in another store): no retry. */
export class StepRefused extends Error {}

/** A refusal worth trying again later: the service was busy, failing or out of reach. */
export const isRetryable = (error: unknown) =>
  error instanceof ServiceReadError && (error.status === 429 || error.status >= 500)

/** What one step sends the service, each call kept for the trace. */
export interface StepCalls {
  /** GET; null when the service has no such thing (404). */
  get<T>(path: string): Promise<T | null>
  send<T>(method: WriteMethod, path: string, body?: unknown): Promise<T | null>
  readonly calls: TraceCall[]
}

/** At most `limit` of the engine's calls in flight at once, whatever the number of runs. */
export function createCallLimiter(limit: number) {
  let inFlight = 0
  const waiting: (() => void)[] = []
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (inFlight >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    inFlight++
    try {
      return await call()
    } finally {
      inFlight--
      waiting.shift()?.()
    }
  }
}

const answerCap = 300
const shortened = (text: string) =>
  text.length > answerCap ? `${text.slice(0, answerCap - 1)}…` : text

/** What a write's trace says until its answer comes: the replica may stop before it does. */
export const unansweredNote = 'Sent; no answer was recorded (the replica stopped before it came)'

/**
 * The calls of one attempt of one step, through the engine's limiter, each traced. A write is
 * recorded (`sending`) before it goes out, so a run resumed after its replica stopped knows a
 * write may have been made.
 */
export function stepCalls(
  service: ServiceClient,
  limit: <T>(call: () => Promise<T>) => Promise<T>,
  attempt: number,
  now: () => number = Date.now,
  sending?: (call: TraceCall) => Promise<void>,
): StepCalls {
  const calls: TraceCall[] = []
  async function traced<T>(
    method: string,
    path: string,
    call: () => Promise<T | null>,
    noneStatus: number,
  ): Promise<T | null> {
    const at = new Date(now()).toISOString()
    try {
      const answer = await limit(async () => {
        if (method !== 'GET')
          await sending?.({ method, path, status: null, answer: unansweredNote, at, attempt })
        return call()
      })
      calls.push({
        method,
        path,
        status: answer === null ? noneStatus : 200,
        answer:
          answer === null
            ? noneStatus === 404
              ? 'Not found'
              : ''
            : shortened(JSON.stringify(answer)),
        at,
        attempt,
      })
      return answer
    } catch (error) {
      const refused = error instanceof ServiceReadError
      calls.push({
        method,
        path,
        status: refused && error.status !== 502 ? error.status : null,
        answer: shortened(refused ? (error.serviceMessage ?? error.message) : String(error)),
        at,
        attempt,
      })
      throw error
    }
  }
  return {
    calls,
    get: (path) => traced('GET', path, () => service.get(path), 404),
    send: (method, path, body) =>
      traced(
        method,
        path,
        () => {
          if (method === 'POST') return service.post(path, body)
          if (method === 'PATCH') return service.patch(path, body)
          if (method === 'PUT') return service.put(path, body)
          return service.delete(path)
        },
        204,
      ),
  }
}
