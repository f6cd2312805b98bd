import { randomUUID } from 'node:crypto'
import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'
import type { ServiceEvent } from '../../../src/api/service-event.ts'
import type { DashboardDb } from '../db/database.ts'
import { createLease } from '../db/lease.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import type { Log } from '../ops/logger.ts'
import { LeaseLost, refreshVideo, runFullPass } from './full-pass.ts'
import { createIndexChanges, type IndexChanges, type VideoNews } from './index-changes.ts'
import { placeInChannel } from './video-channel.ts'
import { applySnapshot, forgetVideos } from './video-index.ts'

export interface MerchIndexOptions {
  db: DashboardDb
  reader: ServiceReader
  log: Log
  /** Time between reconciles; default 15 minutes. */
  reconcileEveryMs?: number
  /** How long a replica's hold on the full pass lasts without renewal; default 60 s. */
  leaseTtlMs?: number
  /** Told of each change (the dashboard's own writes tell it too); one of its own if not given. */
  changes?: IndexChanges
}

/**
 * The dashboard's index of the service's videos and products (issue 21): filled by a backfill,
 * kept current by webhooks (each followed by a read of what the snapshot lacks) and corrected by
 * a periodic reconcile, which one replica at a time runs.
 */
export function createMerchIndex(options: MerchIndexOptions) {
  const { db, reader, log } = options
  const changes = options.changes ?? createIndexChanges()
  const holder = randomUUID()
  const lease = createLease(db, 'index-full-pass', holder, { ttlMs: options.leaseTtlMs ?? 60_000 })
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  // Set before the first await, so two calls at once start one pass.
  let busy = false
  const stopping = new AbortController()
  let lastEventAt: string | null = null
  // Reads that complete a webhook's snapshot, one per video at a time.
  const reading = new Map<string, Promise<void>>()

  const hearCorrection = (news: VideoNews) =>
    void changes
      .heard(news)
      .catch((error: unknown) => log('a correction was not heard', { error: String(error) }))

  const every = options.reconcileEveryMs ?? 15 * 60_000
  const lastDone = () =>
    db
      .selectFrom('index_runs')
      .select('started_at')
      .where('state', '=', 'done')
      .orderBy('started_at', 'desc')
      .executeTakeFirst()

  /**
   * Starts a backfill (nothing indexed yet) or a reconcile unless a replica is running one;
   * resolves once it has started, with the pass itself in `done`. With `onlyIfDue`, only when
   * none has completed or the last began a reconcile interval ago: decided while holding the
   * lease, so a replica that finished a pass a moment ago is not followed by another.
   */
  async function startPass(
    onlyIfDue = false,
  ): Promise<{ started: false } | { started: true; done: Promise<void> }> {
    if (busy) return { started: false }
    busy = true
    const notStarted = async (held: boolean) => {
      if (held) await lease.release().catch(() => {})
      busy = false
      return { started: false } as const
    }
    if (!(await lease.take().catch(() => false))) return notStarted(false)
    // null: no pass has completed yet; undefined: the runs could not be read.
    const previous = await lastDone().then(
      (row) => row ?? null,
      () => undefined,
    )
    if (previous === undefined) return notStarted(true)
    if (onlyIfDue && previous && Date.now() - Date.parse(previous.started_at) < every)
      return notStarted(true)
    let begun = () => {}
    const recorded = new Promise<void>((resolve) => {
      begun = resolve
    })
    const done = runFullPass(
      {
        begun,
        db,
        reader,
        lease,
        holder,
        signal: stopping.signal,
        // What a reconcile finds that no webhook announced is news; a backfill's is not.
        ...(previous ? { corrected: (found: VideoNews[]) => found.forEach(hearCorrection) } : {}),
      },
      previous ? 'reconcile' : 'backfill',
    )
      .then(() => {})
      .catch((error: unknown) => {
        if (!(error instanceof LeaseLost) && !stopping.signal.aborted)
          log('index pass failed', { error: String(error) })
      })
      .finally(async () => {
        await lease.release().catch(() => {})
        running = null
        busy = false
        changes.changed({ everything: true })
      })
    running = done
    // The status answers with the pass from now on, not a copy read before it began.
    await Promise.race([recorded, done])
    changes.changed({ everything: true })
    return { started: true, done }
  }

  /** Runs a pass to its end; false when another was running. */
  async function runPass(): Promise<boolean> {
    const pass = await startPass()
    if (pass.started) await pass.done
    return pass.started
  }

  async function complete(videoId: string) {
    if (!(await refreshVideo(db, reader, videoId))) await forgetVideos(db, [videoId])
    else if (await unplaced(db, videoId)) await placeInChannel(db, reader, videoId)
    changes.changed({ videoId })
  }

  // The news of webhooks being read, by dedup key, until `taken` is asked.
  const taking = new Map<string, Promise<void>>()
  function hearLater(event: VideoEvent, key: string) {
    const news = completeLater(event.data.id, { kind: 'webhook', event, key })
    // Handled here so that a caller who never asks `taken` leaves no unhandled rejection; one
    // who asks still sees it. Taken news is kept only until asked for.
    news.then(
      () => {
        if (taking.get(key) === news) taking.delete(key)
      },
      () => {},
    )
    taking.set(key, news)
  }

  /**
   * Reads the video after a webhook; then its news, on the row as it then is. Resolves once the
   * news is taken (rejects if it could not be: the webhook is then answered 503 and sent again).
   */
  function completeLater(videoId: string, news?: VideoNews): Promise<void> {
    const previous = reading.get(videoId) ?? Promise.resolve()
    const next = previous
      .then(() => complete(videoId))
      .catch((error: unknown) =>
        log('index read after a webhook failed', { videoId, error: String(error) }),
      )
      .then(() => (news ? changes.heard(news) : undefined))
    // The chain of reads never breaks on one news not taken.
    const chained = next
      .catch(() => {})
      .finally(() => {
        if (reading.get(videoId) === chained) reading.delete(videoId)
      })
    reading.set(videoId, chained)
    return next
  }

  return {
    holder,
    changes,
    startPass,
    runPass,
    /**
     * Applies a webhook to the index, and reads the video after to complete it; says whether it
     * was applied (not when older than what the index holds). Rejects if the database cannot
     * take it. Given the event's dedup key, its news follows the read (the rules act on it):
     * `taken(key)` says when it was taken.
     */
    async applyEvent(event: ServiceEvent, key?: string): Promise<'applied' | 'older' | 'ignored'> {
      if (event.event_type === 'video_import_failed') return 'ignored'
      lastEventAt = new Date().toISOString()
      const channel = await soleChannel(db)
      if (!(await applySnapshot(db, event, channel))) {
        // Not applied over newer news, yet heard after a read: a video_created that comes after
        // an update, or an update after a read that already saw it, still wakes the rules of
        // its trigger, which act on what the index knows (never the old snapshot). The read
        // completes and places a row whose own read never came (its replica stopped), and
        // settles a snapshot of the row's own second, which may have been the newer.
        if (key) hearLater(event, key)
        else void completeLater(event.data.id)
        return 'older'
      }
      changes.changed({ videoId: event.data.id })
      if (key) hearLater(event, key)
      else void completeLater(event.data.id)
      return 'applied'
    },
    /**
     * Resolves once the news of the webhook applied with this key was taken (the rules hold the
     * runs it wakes), or rejects if it could not be: the webhook is answered only then, as a
     * replica stopped after answering would lose the runs (the service does not send it again).
     */
    async taken(key: string): Promise<void> {
      const news = taking.get(key)
      taking.delete(key)
      await news
    },
    /**
     * A webhook named this video but could not be read in full: reads it again (forgets it if the
     * service no longer has it); resolves once done, a failure logged.
     */
    reread(videoId: string): Promise<void> {
      lastEventAt = new Date().toISOString()
      return completeLater(videoId)
    },
    /** Resolves once every read that completes a webhook's snapshot has finished. */
    async settled() {
      while (reading.size > 0) await Promise.all(reading.values())
    },
    /**
     * Checks every minute (or each reconcile interval, if shorter) whether a pass is due: none
     * has completed yet (a failed backfill is tried again within the minute), or the last began
     * an interval ago on any replica.
     */
    start() {
      const tick = () => {
        startPass(true).catch((error: unknown) =>
          log('index pass not started', { error: String(error) }),
        )
      }
      tick()
      timer = setInterval(tick, Math.min(every, 60_000))
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      stopping.abort()
      await running?.catch(() => {})
      await Promise.allSettled(reading.values())
    },
    lastEventAt: () => lastEventAt,
  }
}

export type MerchIndex = ReturnType<typeof createMerchIndex>

const unplaced = async (db: DashboardDb, videoId: string) => {
  const row = await db
    .selectFrom('indexed_videos')
    .select('channel_id')
    .where('id', '=', videoId)
    .executeTakeFirst()
  return row?.channel_id === ''
}

// A webhook names no channel. With one channel indexed, a new video is that channel's; with
// several, the read after the webhook looks for it among each channel's newest videos, and
// failing that it waits for the next pass to place it (the status counts it as unplaced).
// One channel when the lowest and highest are the same: two ends of the channel index, where a
// DISTINCT would read every row to learn there is no second (40 ms a webhook at 100,000 videos
// in PostgreSQL, the rules' burst waiting behind it).
async function soleChannel(db: DashboardDb): Promise<string | null> {
  const end = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('indexed_videos')
      .select('channel_id')
      .where('channel_id', '!=', '')
      .orderBy('channel_id', direction)
      .limit(1)
      .executeTakeFirst()
  const [lowest, highest] = await Promise.all([end('asc'), end('desc')])
  return lowest && lowest.channel_id === highest?.channel_id ? lowest.channel_id : null
}
