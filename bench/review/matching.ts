import Database from 'better-sqlite3'
import type { ProductMatchList, VideoList } from '../../src/api/generated/types.gen.ts'
import type { benchClient } from '../index/client.ts'

type Client = ReturnType<typeof benchClient>

/**
 * The demo business's matching quota (500 jobs in the seed) is its plan at the service, not
 * something the dashboard decides: the benchmark's sandbox gets a larger one, written into its
 * database before any job starts, so the scripted reviewer and auto-accept have fresh jobs enough.
 */
export function raiseMatchingQuota(sandboxDb: string, channelId: string, quota: number) {
  const db = new Database(sandboxDb, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    const changed = db
      .prepare(
        'UPDATE businesses SET matching_quota = ? WHERE id = (SELECT business_id FROM channels WHERE public_id = ?)',
      )
      .run(quota, channelId)
    if (changed.changes !== 1) throw new Error(`no business owns the channel ${channelId}`)
  } finally {
    db.close()
  }
}

/**
 * The channel's live videos that never had a matching job, in the service's order, through the
 * dashboard's API (as the library lists them), leaving out those already taken.
 */
export async function unmatchedVideos(
  client: Client,
  channelId: string,
  wanted: number,
  taken: ReadonlySet<string>,
): Promise<string[]> {
  const found: string[] = []
  let path: string | null =
    `/api/v1/videos?${new URLSearchParams({ channel_id: channelId, status: 'approved', has_pending_matches: 'false', page_size: '100', fields: 'caption' })}`
  while (path && found.length < wanted) {
    const page: VideoList = await client.json<VideoList>(path)
    for (const video of page.videos) if (!taken.has(video.id)) found.push(video.id)
    path = page.links.next ?? null
  }
  return found.slice(0, wanted)
}

/**
 * Starts a matching job on each video through the dashboard (as the app's "Find products" does),
 * a few at a time; a video that cannot be matched (409: a job already runs) is left out.
 */
export async function startMatching(client: Client, videoIds: readonly string[]) {
  const started: string[] = []
  let next = 0
  const worker = async () => {
    while (next < videoIds.length) {
      const id = videoIds[next++] as string
      await client.json(`/api/v1/videos/${encodeURIComponent(id)}/product_matches`, {
        method: 'POST',
      })
      started.push(id)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return started
}

/** Waits until every video's job is no longer running; returns each one's final status. */
export async function waitForJobs(
  client: Client,
  videoIds: readonly string[],
  timeoutMs = 300_000,
): Promise<Map<string, ProductMatchList['status']>> {
  const statuses = new Map<string, ProductMatchList['status']>()
  const deadline = Date.now() + timeoutMs
  let waiting = [...videoIds]
  while (waiting.length > 0) {
    const still: string[] = []
    for (const id of waiting) {
      const list = await client.json<ProductMatchList>(
        `/api/v1/videos/${encodeURIComponent(id)}/product_matches`,
      )
      if (list.status === 'in_progress') still.push(id)
      else statuses.set(id, list.status)
    }
    waiting = still
    if (waiting.length === 0) break
    if (Date.now() > deadline)
      throw new Error(`${waiting.length} matching jobs were still running after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return statuses
}
