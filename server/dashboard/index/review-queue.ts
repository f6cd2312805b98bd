import type { ProductMatchList, VideoList } from '../../../src/api/generated/types.gen.ts'
import type { ReviewQueueVideo } from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import type { Log } from '../ops/logger.ts'
import { createChannelDirectory } from './channel-directory.ts'
import { allPages } from './pages.ts'
import { createReadCache } from './read-cache.ts'
import type { IndexMatchingTable } from './tables.ts'

const queueLimit = 1000
// When the queue is read, a running job is asked about again at most this often, and waiting
// suggestions at most this often.
const recheckMs = 3_000
const pendingRecheckMs = 5 * 60_000

/** What a video's match list says of its review. */
export function matchingStateOf(list: ProductMatchList): IndexMatchingTable['state'] {
  if (list.status === 'in_progress') return 'in_progress'
  return list.matches.some((match) => match.status === 'pending') ? 'pending' : 'done'
}

export async function noteMatching(
  db: DashboardDb,
  videoId: string,
  state: IndexMatchingTable['state'],
  checkedAt = Date.now(),
) {
  await db
    .insertInto('index_matching')
    .values({ video_id: videoId, state, checked_at: checkedAt })
    .onConflict((conflict) =>
      conflict
        .column('video_id')
        .doUpdateSet({ state, checked_at: checkedAt })
        .where('index_matching.checked_at', '<=', checkedAt),
    )
    .execute()
}

/**
 * The channel's videos with suggestions waiting for review, oldest first (issue 21). The
 * documents have no filter for them, so the dashboard keeps what it learns: the jobs it starts,
 * the match lists it reads, the reviews it submits (own-writes.ts). A running job is asked about
 * when the queue is read. A service that does filter by `has_pending_matches` (a probe at first
 * use compares the filtered total with the unfiltered one) adds what others started. Only a
 * channel that exists is asked about (channel-directory.ts); the probe's answer is kept for a
 * bounded number of channels, an hour at most.
 */
export function createReviewQueue(options: {
  db: DashboardDb
  reader: ServiceReader
  log: Log
  /** False for a server without the index: the service's filter alone, for channels that exist. */
  indexed?: boolean
  probes?: { maxChannels: number; maxAgeMs: number }
  now?: () => number
  /** Shown each match list the queue reads (the review notes decisions made elsewhere). */
  onMatchList?: (videoId: string, list: ProductMatchList, readAt: number) => Promise<unknown>
}) {
  const { db, reader, log } = options
  const clock = options.now ? { now: options.now } : {}
  const channels = createChannelDirectory({
    db: options.indexed === false ? null : db,
    reader,
    ...clock,
  })
  const probes = createReadCache<boolean>({
    maxEntries: options.probes?.maxChannels ?? 200,
    maxAgeMs: options.probes?.maxAgeMs ?? 60 * 60_000,
    ...clock,
  })
  // The service is asked about a channel's queue once at a time, and at most every few seconds.
  const refreshes = createReadCache<boolean>({ maxEntries: 200, maxAgeMs: recheckMs, ...clock })

  const total = async (query: string) =>
    (await reader.get<VideoList>(`/api/v1/videos?${query}&page_size=1&fields=caption`))?.pagination
      .total_entries ?? 0
  const honoursFilter = (channelId: string) =>
    probes.read(channelId, async () => {
      const channel = `channel_id=${encodeURIComponent(channelId)}`
      const [filtered, all] = await Promise.all([
        total(`${channel}&has_pending_matches=true`),
        total(channel),
      ])
      return filtered !== all
    })

  async function fromFilter(channelId: string) {
    const readAt = Date.now()
    const pages = allPages<VideoList>(reader, '/api/v1/videos', {
      channel_id: channelId,
      has_pending_matches: 'true',
      page_size: '100',
      fields: 'caption',
    })
    let seen = 0
    for await (const { page } of pages) {
      for (const video of page.videos) await noteMatching(db, video.id, 'pending', readAt)
      seen += page.videos.length
      if (seen >= queueLimit) return
    }
    // The whole list was read: what it no longer names was reviewed elsewhere.
    await db
      .updateTable('index_matching')
      .set({ state: 'done', checked_at: readAt })
      .where('state', '=', 'pending')
      .where('checked_at', '<', readAt)
      .where('video_id', 'in', (eb) =>
        eb.selectFrom('indexed_videos').select('id').where('channel_id', '=', channelId),
      )
      .execute()
  }

  // Running jobs, and suggestions that waited long enough to have been decided elsewhere.
  async function recheck() {
    const now = Date.now()
    const running = await db
      .selectFrom('index_matching')
      .select('video_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'in_progress'), eb('checked_at', '<', now - recheckMs)]),
          eb.and([eb('state', '=', 'pending'), eb('checked_at', '<', now - pendingRecheckMs)]),
        ]),
      )
      .limit(50)
      .execute()
    await Promise.all(
      running.map(async ({ video_id }) => {
        const readAt = Date.now()
        const list = await reader.get<ProductMatchList>(
          `/api/v1/videos/${encodeURIComponent(video_id)}/product_matches`,
        )
        await noteMatching(db, video_id, list ? matchingStateOf(list) : 'done', readAt)
        if (list) await options.onMatchList?.(video_id, list, readAt)
      }),
    )
  }

  async function refresh(channelId: string) {
    const filter = await honoursFilter(channelId).catch(() => false)
    await Promise.all([filter ? fromFilter(channelId) : null, recheck()]).catch((error) =>
      log('the review queue could not ask the service', { error: String(error) }),
    )
    return filter
  }

  return {
    /** The queue; null for a channel that does not exist. */
    async videos(
      channelId: string,
    ): Promise<{ videos: ReviewQueueVideo[]; filter: boolean } | null> {
      if (!(await channels.knows(channelId))) return null
      if (options.indexed === false) return filteredQueue(reader, channelId)
      const filter = await refreshes.read(channelId, () => refresh(channelId))
      const rows = await db
        .selectFrom('index_matching as m')
        .innerJoin('indexed_videos as v', 'v.id', 'm.video_id')
        .select(['v.id', 'v.caption', 'v.thumbnail_url', 'v.product_ids'])
        .where('v.channel_id', '=', channelId)
        .where('m.state', '=', 'pending')
        .orderBy('v.sort_key', 'asc')
        .limit(queueLimit)
        .execute()
      return {
        filter,
        videos: rows.map((row) => ({ ...row, product_ids: JSON.parse(row.product_ids) })),
      }
    },
  }
}

export type ReviewQueue = ReturnType<typeof createReviewQueue>

/**
 * The queue of a dashboard that keeps no index: the service's `has_pending_matches` filter alone
 * (a service without it lists every video), oldest first.
 */
export async function filteredQueue(
  reader: ServiceReader,
  channelId: string,
): Promise<{ videos: ReviewQueueVideo[]; filter: boolean }> {
  const videos: ReviewQueueVideo[] = []
  const pages = allPages<VideoList>(reader, '/api/v1/videos', {
    channel_id: channelId,
    has_pending_matches: 'true',
    page_size: '100',
    fields: 'caption,thumbnail_url,product_ids',
  })
  for await (const { page } of pages) {
    for (const video of page.videos)
      videos.push({
        id: video.id,
        caption: video.caption ?? null,
        thumbnail_url: video.thumbnail_url ?? null,
        product_ids: video.product_ids ?? [],
      })
    if (videos.length >= queueLimit) break
  }
  return { videos: videos.reverse(), filter: true }
}
