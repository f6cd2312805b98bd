import type { EngineContext } from './engine-context.ts'
import { replicaBeat } from './replica-liveness.ts'
import { type RunRequest, takeOverExpired } from './run-claim.ts'
import { sweepTraces } from './traces-sweep.ts'
import { rulesWoken, tickOf } from './triggers.ts'

const resumedAtOnce = 500
const tracesSweptEveryMs = 3_600_000

/**
 * The engine's periodic work: runs whose replica stopped mid-way are taken over and finished;
 * schedules due run over the library (one replica at a time holds the schedule's lease; each
 * video's run is claimed per tick, so a tick acts once even if two replicas reach it); traces
 * past their keeping are deleted.
 */
export function createEngineSweep(
  context: EngineContext,
  engine: {
    claimAndQueue(requests: readonly RunRequest[]): Promise<number>
    resume(videoId: string, runIds: readonly string[]): Promise<void>
    /** The runs this replica holds that wait their turn behind others on their video. */
    waiting(): string[]
    stopping: AbortSignal
  },
) {
  const { db, options, log } = context
  const schedule = context.lease('rules-schedule', context.holder, options.sweepEveryMs * 3)
  const lastTick = new Map<string, number>()
  let timer: NodeJS.Timeout | null = null
  let keeper: NodeJS.Timeout | null = null
  let sweeping: Promise<void> | null = null
  let keeping: Promise<void> | null = null
  let tracesSweptAt = 0

  // A run waiting behind many on one video keeps its claim while this replica lives.
  async function renewWaiting() {
    const ids = engine.waiting()
    for (let start = 0; start < ids.length; start += 500)
      await db
        .updateTable('rule_runs')
        .set({ lease_until: context.now() + options.leaseTtlMs })
        .where('id', 'in', ids.slice(start, start + 500))
        .where('holder', '=', context.holder)
        .where('outcome', '=', 'running')
        .execute()
  }

  // All of them: a replica stopped in a burst may leave thousands of runs waiting their turn.
  async function resumeStopped() {
    for (;;) {
      // This replica's own runs still queued here (a renewal came late under load) are held
      // again, not queued a second time.
      const queued = new Set(engine.waiting())
      const taken = await takeOverExpired(context, resumedAtOnce)
      let count = 0
      for (const [videoId, runIds] of taken) {
        count += runIds.length
        const left = runIds.filter((runId) => !queued.has(runId))
        if (left.length > 0) engine.resume(videoId, left)
      }
      if (count < resumedAtOnce || engine.stopping.aborted) return
    }
  }

  async function runSchedules() {
    if (!(await schedule.take())) return
    for (const rule of await rulesWoken(db, 'schedule')) {
      const trigger = rule.definition.trigger
      if (trigger.type !== 'schedule') continue
      const tick = tickOf(context.now(), trigger.every_minutes)
      if (lastTick.get(rule.id) === tick) continue
      lastTick.set(rule.id, tick)
      const at = new Date(tick * trigger.every_minutes * 60_000).toISOString()
      const videoIds = await context.matching(rule.definition)
      await engine.claimAndQueue(
        videoIds.map((videoId) => ({
          rule,
          videoId,
          eventKey: `schedule:${tick}:${videoId}`,
          cause: {
            kind: 'schedule',
            at,
            detail: `Every ${trigger.every_minutes} minutes over the library`,
          },
          event: { tick },
        })),
      )
    }
  }

  async function sweep() {
    await renewWaiting()
    await resumeStopped()
    await runSchedules()
    if (context.now() - tracesSweptAt >= tracesSweptEveryMs) {
      tracesSweptAt = context.now()
      await sweepTraces(db, context.now() - options.keepMs)
    }
  }

  // A third of its heartbeat's life apart: this replica beats, and takes over the runs of one
  // that stopped beating (bench:rules' replica killed in a burst left seconds of queued runs
  // waiting for its 30 s leases).
  const beat = replicaBeat(context)
  async function keep() {
    await beat.take()
    await resumeStopped()
  }

  return {
    start() {
      keeping = keep()
        .catch((error: unknown) => log('rules heartbeat failed', { error: String(error) }))
        .finally(() => {
          keeping = null
        })
      keeper = setInterval(
        () => {
          if (keeping || engine.stopping.aborted) return
          keeping = keep()
            .catch((error: unknown) => log('rules heartbeat failed', { error: String(error) }))
            .finally(() => {
              keeping = null
            })
        },
        Math.max(options.aliveTtlMs / 3, 100),
      )
      keeper.unref()
      const tick = () => {
        if (sweeping || engine.stopping.aborted) return
        sweeping = sweep()
          .catch((error: unknown) => log('rules sweep failed', { error: String(error) }))
          .finally(() => {
            sweeping = null
          })
      }
      tick()
      timer = setInterval(tick, options.sweepEveryMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      if (keeper) clearInterval(keeper)
      timer = null
      keeper = null
      beat.release().catch(() => {})
      schedule.release().catch(() => {})
    },
    /** One sweep now (tests). */
    sweep,
  }
}
