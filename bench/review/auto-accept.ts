import Database from 'better-sqlite3'
import type { AutoAcceptSettings, Calibration } from '../../src/api/review.ts'
import type { benchClient } from '../index/client.ts'
import { calibrationPath, pickFloor, pickThreshold } from './calibration.ts'
import { startMatching, unmatchedVideos, waitForJobs } from './matching.ts'

type Client = ReturnType<typeof benchClient>

const settingsPath = '/api/dashboard/review/settings'

/**
 * An admin turns auto-accept on as the calibration page lets them: the picker's threshold for
 * the target, its floor, the eligibility checked, then saved.
 */
export async function turnOnAutoAccept(client: Client, target: number) {
  const calibration = await client.json<Calibration>(calibrationPath)
  const threshold = pickThreshold(calibration, target)
  if (threshold === null)
    throw new Error(
      `auto-accept: no threshold reaches ${target} on ${calibration.decisions} decisions`,
    )
  const floor = pickFloor(calibration, threshold)
  const query = new URLSearchParams({ threshold: String(threshold), target: String(target) })
  const judged = await client.json<AutoAcceptSettings>(`${settingsPath}?${query}`)
  if (!judged.eligibility.eligible)
    throw new Error(`auto-accept cannot be turned on: ${judged.eligibility.reason}`)
  await client.json<AutoAcceptSettings>(settingsPath, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true, target, threshold, floor }),
  })
  return { threshold, floor, lowerBound: judged.eligibility.lower_bound }
}

interface Handled {
  video_id: string
  state: string | null
  audit: number | null
}

/**
 * The videos auto-accept's watch has acted on (a finished job's output handled), with their state.
 * Read as completed is enough: a job that suggested nothing has no match change to note as handled
 * (about one in twenty under load, which left the benchmark waiting for them forever). A job the
 * index already knows ended with nothing pending (the benchmark's own wait for the jobs read it
 * so) gives the watch nothing to act on, and it does not read it: handled too.
 */
function handledVideos(dashboardDb: string, videoIds: readonly string[]): Handled[] {
  const db = new Database(dashboardDb, { readonly: true, fileMustExist: true })
  try {
    const read = db.prepare(
      `SELECT m.video_id, v.state, v.audit FROM index_matching m
       LEFT JOIN review_watch w ON w.video_id = m.video_id
       LEFT JOIN review_videos v ON v.video_id = m.video_id
       WHERE m.video_id = ? AND (w.status = 'completed' OR m.state = 'done')`,
    )
    return videoIds.flatMap((id) => (read.get(id) as Handled | undefined) ?? [])
  } finally {
    db.close()
  }
}

/**
 * Waits until auto-accept's watch has acted on every video's finished job (settled it, or left
 * it waiting for a person), whether it is on or not; gives each one's state.
 */
export async function waitForWatch(
  dashboardDb: string,
  videoIds: readonly string[],
  timeoutMs = 600_000,
): Promise<Handled[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const handled = handledVideos(dashboardDb, videoIds)
    if (handled.length >= videoIds.length) return handled
    if (Date.now() > deadline)
      throw new Error(
        `auto-accept's watch acted on ${handled.length} of ${videoIds.length} finished jobs within ${timeoutMs / 1000} s`,
      )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

function automaticDecisions(dashboardDb: string, videoIds: readonly string[]) {
  const db = new Database(dashboardDb, { readonly: true, fileMustExist: true })
  try {
    const read = db.prepare(
      `SELECT video_id, product_id, decision, source FROM review_decisions
       WHERE video_id = ? AND source IN ('auto', 'floor') AND undone_at IS NULL`,
    )
    return videoIds.flatMap(
      (id) =>
        read.all(id) as Array<{
          video_id: string
          product_id: string
          decision: string
          source: string
        }>,
    )
  } finally {
    db.close()
  }
}

export interface AutoAcceptFigures {
  started: number
  completed: number
  settled: number
  audited: number
  waiting: number
  accepted: number
  acceptedTrue: number
  floorRejected: number
  floorRejectedTrue: number
  /** From the last job started to the engine having acted on every completed one. */
  settleSeconds: number
}

/**
 * Fresh matching jobs with auto-accept on: started through the dashboard on `count` videos never
 * matched, waited for, then for the engine to settle or queue each; what it accepted is judged
 * by the truth.
 */
export async function autoAcceptOverFreshJobs(options: {
  client: Client
  dashboardDb: string
  channelId: string
  count: number
  taken: Set<string>
  isTrue: (videoId: string, productId: string) => boolean
  timeoutMs?: number
}): Promise<AutoAcceptFigures> {
  const { client } = options
  const fresh = await unmatchedVideos(client, options.channelId, options.count, options.taken)
  for (const id of fresh) options.taken.add(id)
  const started = await startMatching(client, fresh)
  const since = performance.now()
  const statuses = await waitForJobs(client, started)
  const completed = started.filter((id) => statuses.get(id) === 'completed')
  const handled = await waitForWatch(options.dashboardDb, completed, options.timeoutMs)
  const settleSeconds = (performance.now() - since) / 1000
  const decisions = automaticDecisions(options.dashboardDb, completed)
  const accepted = decisions.filter((row) => row.source === 'auto' && row.decision === 'accepted')
  const floor = decisions.filter((row) => row.source === 'floor')
  const judged = (rows: typeof decisions) =>
    rows.filter((row) => options.isTrue(row.video_id, row.product_id)).length
  return {
    started: started.length,
    completed: completed.length,
    settled: handled.filter((row) => row.state === 'settled' || row.state === 'dismissed').length,
    audited: handled.filter((row) => row.state === 'waiting' && row.audit === 1).length,
    waiting: handled.filter((row) => row.state === 'waiting' && row.audit !== 1).length,
    accepted: accepted.length,
    acceptedTrue: judged(accepted),
    floorRejected: floor.length,
    floorRejectedTrue: judged(floor),
    settleSeconds,
  }
}
