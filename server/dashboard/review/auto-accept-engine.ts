import type { ServiceReadError } from '../forwarding/service-client.ts'
import type { Log } from '../ops/logger.ts'
import { type PauseDeps, pauseIfAuditSlipped } from './auto-accept-pause.ts'
import type { PlanSettings } from './auto-accept-plan.ts'
import { readAutoAcceptState } from './auto-accept-settings.ts'
import {
  autoAcceptVideo,
  serviceBusy,
  type VideoOutcome,
  type VideoPassDeps,
} from './auto-accept-video.ts'
import { videosToRead } from './auto-accept-watch.ts'

/** A lease in the shared database: one replica at a time runs the watch. */
export interface WatchLease {
  take(): Promise<boolean>
  release(): Promise<void>
}

export interface AutoAcceptEngineDeps extends Omit<VideoPassDeps, 'draw' | 'now'>, PauseDeps {
  lease: WatchLease
  log: Log
  /** The blind audit's draw (tests seed it). */
  draw?: () => number
  now?: () => number
  /** How often the watch runs; default 2 s. */
  everyMs?: number
  /** Videos read per run (default 25), and at most this many requests to the service at once (3). */
  perTick?: number
  inFlight?: number
}

export interface TickSummary {
  /** False when another replica holds the lease (or the service asked to wait). */
  ran: boolean
  outcomes: Array<{ videoId: string; outcome: VideoOutcome | 'failed' }>
}

/**
 * Auto-accept's watch over matching jobs (decision 0022). Every few seconds, on the one replica
 * holding the lease, it checks the blind audit (pausing itself if it slipped), then reads the
 * match lists of a bounded number of videos whose matching the dashboard learned of, a few at a
 * time, and acts on each finished job's new output. When the service is busy (429, 5xx) the
 * videos left are read at the next run after its Retry-After, or a backoff doubling to a minute.
 */
export function createAutoAcceptEngine(deps: AutoAcceptEngineDeps) {
  const now = deps.now ?? Date.now
  const perTick = deps.perTick ?? 25
  const inFlight = deps.inFlight ?? 3
  const pass: VideoPassDeps = { ...deps, draw: deps.draw ?? Math.random, now }
  let waitUntil = 0
  let backoffMs = 0
  let timer: NodeJS.Timeout | null = null
  let current: Promise<unknown> | null = null
  let stopped = false

  function slowDown(error: ServiceReadError) {
    backoffMs = Math.min(60_000, Math.max(error.retryAfterMs ?? 0, backoffMs * 2 || 2_000))
    waitUntil = now() + backoffMs
  }

  async function tick(): Promise<TickSummary> {
    if (now() < waitUntil || !(await deps.lease.take())) return { ran: false, outcomes: [] }
    const state = await readAutoAcceptState(deps.db)
    const paused = await pauseIfAuditSlipped(deps, state)
    const settings: PlanSettings = {
      active: state.enabled && !state.paused && !paused,
      threshold: state.threshold,
      floor: state.floor,
      since: state.since,
    }
    const queue = await videosToRead(deps.db, now(), perTick)
    const outcomes: TickSummary['outcomes'] = []
    let slowed = false
    const worker = async () => {
      for (let videoId = queue.shift(); videoId; videoId = queue.shift()) {
        if (stopped || now() < waitUntil) return
        try {
          outcomes.push({ videoId, outcome: await autoAcceptVideo(pass, videoId, settings) })
        } catch (error) {
          outcomes.push({ videoId, outcome: 'failed' })
          if (serviceBusy(error)) {
            slowed = true
            slowDown(error)
          } else deps.log('auto-accept could not act on a video', { videoId, error: String(error) })
        }
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker))
    if (!slowed) backoffMs = 0
    return { ran: true, outcomes }
  }

  const run = () => {
    if (current || stopped) return
    current = tick()
      .catch((error: unknown) => deps.log('auto-accept could not run', { error: String(error) }))
      .finally(() => {
        current = null
      })
  }

  return {
    /** One run now (tests call it; the timer does otherwise). */
    tick,
    start() {
      stopped = false
      timer ??= setInterval(run, deps.everyMs ?? 2_000)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
      await current
      await deps.lease.release().catch(() => {})
    },
  }
}

export type AutoAcceptEngine = ReturnType<typeof createAutoAcceptEngine>
