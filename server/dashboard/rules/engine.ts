import { randomUUID } from 'node:crypto'
import type { Principal } from '../auth/sign-in-routes.ts'
import {
  defaultEngineOptions,
  type EngineContext,
  type EngineDeps,
  type ReadVideo,
} from './engine-context.ts'
import { createEngineSweep } from './engine-sweep.ts'
import { takeFromStopped } from './replica-liveness.ts'
import type { RulesEngine, StoredRule } from './rules-deps.ts'
import { executeRun, loadRuns } from './run.ts'
import { claimRuns, type RunRequest, takeOverFailed } from './run-claim.ts'
import { triageRuns } from './run-triage.ts'
import { createCallLimiter } from './steps-calls.ts'
import { channelOf, type HeardChange, rulesWoken } from './triggers.ts'

/** Runs claimed at once per transaction when a person runs a rule over the library. */
const claimBatch = 500
/** Videos whose runs go on at once on this replica (their calls share the limiter). */
const videosAtOnce = 8

/**
 * The rules engine (decision 0024): hears each change the index applied, claims each woken
 * rule's run once across replicas, and carries the runs out one video at a time (one replica at a
 * time on a video: a lease in the shared database), steps in the rules' priority order.
 */
export function createRulesEngine(deps: EngineDeps) {
  const stopping = new AbortController()
  const options = { ...defaultEngineOptions, ...deps.options }
  const baseSleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const context: EngineContext = {
    ...deps,
    options,
    now: deps.now ?? Date.now,
    // A shutdown ends every wait: the runs keep their claims, and another replica resumes them.
    sleep: (ms) => {
      stopping.signal.throwIfAborted()
      return Promise.race([
        baseSleep(ms),
        new Promise<never>((_, reject) =>
          stopping.signal.addEventListener('abort', () => reject(stopping.signal.reason), {
            once: true,
          }),
        ),
      ])
    },
    holder: randomUUID(),
    limit: createCallLimiter(options.inFlight),
  }
  const videoSlots = createCallLimiter(videosAtOnce)
  const queues = new Map<string, Promise<void>>()
  // Runs claimed here and not yet done: their leases are renewed while they wait their turn.
  const waiting = new Set<string>()

  /**
   * Does `work` on the video while this replica holds it and has a slot. The video is waited for
   * without a slot: one another replica holds (or a stopped one held until its lease runs out)
   * must not keep this replica's other videos waiting.
   */
  async function holdingVideo(videoId: string, work: () => Promise<void>) {
    const lease = deps.lease(`rule-video:${videoId}`, context.holder, options.leaseTtlMs)
    const name = `rule-video:${videoId}`
    // Free, this replica's, expired, or held by a replica that stopped.
    const take = async () =>
      (await lease.take()) ||
      takeFromStopped(deps.db, name, context.holder, options.leaseTtlMs, context.now())
    for (;;) {
      while (!(await take())) await context.sleep(100)
      const done = await videoSlots(async () => {
        // Renewed: waiting for the slot may have outlasted the lease.
        if (!(await take())) return false
        try {
          await work()
        } finally {
          await lease.release().catch(() => {})
        }
        return true
      })
      if (done) return
    }
  }

  /**
   * Runs `runIds` on one video, in order. They read the video once, and again after a run that
   * had steps to take: runs that match nothing change nothing.
   */
  async function runAll(videoId: string, runIds: readonly string[]) {
    let known: ReturnType<ReadVideo> | null = null
    const read: ReadVideo = (id) => {
      if (id !== videoId) return deps.readVideo(id)
      known ??= deps.readVideo(id)
      return known
    }
    const loaded = await loadRuns(context.db, runIds)
    for (const runId of runIds) {
      if (stopping.signal.aborted) return
      await executeRun(context, runId, read, loaded.get(runId))
        .then((acted) => {
          if (acted) known = null
        })
        .catch((error: unknown) => {
          known = null
          if (!stopping.signal.aborted)
            deps.log('a rule run stopped', { runId, error: String(error) })
        })
        .finally(() => waiting.delete(runId))
    }
  }

  /** Runs `runIds` on one video after what is queued for it, in order. */
  function enqueue(videoId: string, runIds: readonly string[]): Promise<void> {
    if (runIds.length === 0) return queues.get(videoId) ?? Promise.resolve()
    for (const runId of runIds) waiting.add(runId)
    const previous = queues.get(videoId) ?? Promise.resolve()
    const next = previous
      .then(() => holdingVideo(videoId, () => runAll(videoId, runIds)))
      .catch((error: unknown) => {
        if (!stopping.signal.aborted)
          deps.log('rule runs not carried out', { videoId, error: String(error) })
      })
      .finally(() => {
        if (queues.get(videoId) === next) queues.delete(videoId)
      })
    queues.set(videoId, next)
    return next
  }

  /** Claims the runs asked for (in batches) and queues them per video; how many were claimed. */
  async function claimAndQueue(requests: readonly RunRequest[]): Promise<number> {
    let claimed = 0
    for (let start = 0; start < requests.length; start += claimBatch) {
      const runs = await claimRuns(context, requests.slice(start, start + claimBatch))
      claimed += runs.length
      const byVideo = new Map<string, string[]>()
      for (const { runId, request } of runs)
        if (!request.unmatched)
          byVideo.set(request.videoId, [...(byVideo.get(request.videoId) ?? []), runId])
      for (const [videoId, runIds] of byVideo) enqueue(videoId, runIds)
    }
    return claimed
  }

  const sweep = createEngineSweep(context, {
    claimAndQueue,
    resume: (videoId, runIds) => enqueue(videoId, runIds),
    waiting: () => [...waiting],
    stopping: stopping.signal,
  })

  return {
    holder: context.holder,
    /** A change the index applied: the channel's rules with its trigger run on the video. */
    async hear(change: HeardChange): Promise<void> {
      const channel = await channelOf(deps.db, change.videoId)
      if (!channel) {
        deps.log('a change to a video in no known channel wakes no rule', {
          videoId: change.videoId,
        })
        return
      }
      const rules = await rulesWoken(deps.db, change.trigger, channel)
      const requests = rules.map((rule) => ({
        rule,
        videoId: change.videoId,
        eventKey: change.eventKey,
        cause: change.cause,
        event: change.event,
      }))
      await claimAndQueue(
        await triageRuns(context, change.videoId, requests, new Date(context.now())),
      )
    },
    /** `RulesEngine.runOver`: a person runs a rule now over these videos. */
    async runOver(rule: StoredRule, videoIds: readonly string[], person: Principal) {
      const request = randomUUID()
      const at = new Date(context.now()).toISOString()
      const runs = await claimAndQueue(
        [...new Set(videoIds)].map((videoId) => ({
          rule,
          videoId,
          eventKey: `manual:${request}:${videoId}`,
          cause: { kind: 'manual', at, detail: `Run now by ${person.email}` },
          event: { by: person.id, email: person.email },
        })),
      )
      return { runs }
    },
    /**
     * Tries a finished run's failed steps again (its conditions and event as they were); false
     * when the run did not fail or someone is retrying it already.
     */
    async retry(runId: string, person: Principal): Promise<boolean> {
      if (!(await takeOverFailed(context, runId))) return false
      await deps.db
        .updateTable('rule_steps')
        .set({ state: 'pending', attempts: 0, note: `Tried again by ${person.email}` })
        .where('run_id', '=', runId)
        .where('state', '=', 'failed')
        .execute()
      const run = await deps.db
        .selectFrom('rule_runs')
        .select('video_id')
        .where('id', '=', runId)
        .executeTakeFirstOrThrow()
      enqueue(run.video_id ?? '', [runId])
      return true
    },
    start: sweep.start,
    /** Resumes stopped runs, runs the schedules due and sweeps old traces, now. */
    sweep: sweep.sweep,
    /** Resolves once every run queued on this replica has ended (tests, shutdown). */
    async idle() {
      while (queues.size > 0) await Promise.allSettled([...queues.values()])
    },
    async stop() {
      sweep.stop()
      stopping.abort(new Error('the dashboard is shutting down'))
      await Promise.allSettled([...queues.values()])
    },
  } satisfies RulesEngine & Record<string, unknown>
}

export type RulesEngineRunning = ReturnType<typeof createRulesEngine>
