import type { ReviewQueueVideo as PendingVideo } from '../../../src/api/merch-index.ts'
import type {
  QueueOrder,
  ReviewDecision,
  ReviewQueueAnswer,
  ReviewQueueVideo,
} from '../../../src/api/review.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import { readAutoAcceptSettings } from './auto-accept-settings.ts'
import { type QueueFacts, queueFacts, suggestionsToRead } from './queue-facts.ts'
import type { ReviewDeps, ReviewService } from './review-context.ts'

/** At most this many videos' lists are read from the service for one queue read, so many at once. */
export const listReadsPerQueue = 24
const listReadsAtOnce = 4

export interface QueueQuery {
  channelId: string
  /** Undefined: nearest the threshold first when there is one, else oldest first. */
  order: QueueOrder | undefined
  belowFloor: boolean
}

/**
 * A channel's queue for a person (`GET /queue`): the index's videos with suggestions waiting,
 * and those sampled for a second review (for everyone but their first reviewer), less those the
 * dashboard set aside (settled, dismissed). Each carries what its waiting suggestions say (how
 * many, the top score, how near the threshold) from the lists the dashboard kept; a few lists not
 * yet read, or read long ago, are read on the way.
 */
export async function readQueue(
  deps: ReviewDeps,
  service: ReviewService,
  user: Principal,
  query: QueueQuery,
): Promise<ReviewQueueAnswer | { refused: { status: number; error: string } }> {
  const pending = await service.pending(query.channelId)
  if ('refused' in pending) return pending
  const { threshold, floor } = await readAutoAcceptSettings(deps.db)
  const order = query.order ?? (threshold === null ? 'oldest' : 'nearest')
  const seconds = await deps.db
    .selectFrom('review_videos')
    .select('video_id')
    .where('channel_id', '=', query.channelId)
    .where('wants_second', '=', 1)
    .where('second_of', '!=', user.id)
    .execute()
  const listed = new Map(pending.videos.map((video) => [video.id, video]))
  const secondIds = seconds.map((row) => row.video_id).filter((id) => !listed.has(id))
  const ids = [...listed.keys(), ...secondIds]

  let facts = await queueFacts(deps.db, ids, user.id)
  const toRead = suggestionsToRead(facts, listed, Date.now()).slice(0, listReadsPerQueue)
  if (toRead.length > 0) {
    await readLists(deps, service, toRead, query.channelId)
    facts = await queueFacts(deps.db, ids, user.id)
  }
  const captions = await captionsOf(service, secondIds)
  let hidden = 0
  const videos: Array<ReviewQueueVideo & { index: number }> = []
  ids.forEach((id, index) => {
    const fact = facts.get(id)
    const entry = entryOf(fact, { floor, threshold, belowFloor: query.belowFloor })
    if (!entry) return
    hidden += entry.hidden
    const shown = listed.get(id) ?? captions.get(id) ?? blank(id)
    videos.push({
      id,
      caption: shown.caption,
      thumbnail_url: shown.thumbnail_url,
      product_ids: shown.product_ids,
      ...entry.video,
      index,
    })
  })
  return {
    videos: ordered(videos, order).map(({ index: _index, ...video }) => video),
    order,
    threshold,
    floor,
    hidden_below_floor: query.belowFloor ? 0 : hidden,
    filter: pending.filter,
  }
}

const blank = (id: string): PendingVideo => ({
  id,
  caption: null,
  thumbnail_url: null,
  product_ids: [],
})

/** What a queue entry says of a video's waiting suggestions; null when it has none to show. */
function entryOf(
  fact: QueueFacts | undefined,
  limits: { floor: number | null; threshold: number | null; belowFloor: boolean },
) {
  if ((fact?.state === 'settled' || fact?.state === 'dismissed') && !fact.second) return null
  const waiting = fact?.waiting ?? []
  const shown =
    limits.belowFloor || limits.floor === null
      ? waiting
      : waiting.filter((s) => s.score >= (limits.floor as number))
  // A video whose list was read and has nothing left to decide is not queued.
  if (fact?.read && shown.length === 0 && !(fact.second && waiting.length > 0)) return null
  const scores = shown.map((s) => s.score)
  const premarks: Record<string, ReviewDecision> = {}
  if (!fact?.second && !fact?.audit)
    for (const s of shown) {
      const mark = fact?.premarks[s.match_id]
      if (mark) premarks[s.match_id] = mark
    }
  return {
    hidden: waiting.length - shown.length,
    video: {
      pending: shown.length,
      top_score: scores.length > 0 ? Math.max(...scores) : null,
      nearest:
        limits.threshold === null || scores.length === 0
          ? null
          : Math.min(...scores.map((score) => Math.abs(score - (limits.threshold as number)))),
      premarks,
      second: Boolean(fact?.second),
    },
  }
}

function ordered<T extends ReviewQueueVideo & { index: number }>(videos: T[], order: QueueOrder) {
  const last = (value: number | null, ascending: boolean) =>
    value === null ? Number.POSITIVE_INFINITY : ascending ? value : -value
  const key = (video: T) =>
    order === 'nearest'
      ? last(video.nearest, true)
      : order === 'score'
        ? last(video.top_score, false)
        : video.index
  return [...videos].sort((a, b) => key(a) - key(b) || a.index - b.index)
}

/** Reads some videos' lists from the service, a few at a time, noting where they are queued. */
async function readLists(
  deps: ReviewDeps,
  service: ReviewService,
  videoIds: readonly string[],
  channelId: string,
) {
  let next = 0
  const worker = async () => {
    while (next < videoIds.length) {
      const id = videoIds[next++] as string
      await deps.lists.read(service.client, id).catch((error: unknown) =>
        deps.log('the review queue could not read a match list', {
          videoId: id,
          error: String(error),
        }),
      )
      await deps.db
        .insertInto('review_videos')
        .values({
          video_id: id,
          channel_id: channelId,
          state: 'waiting',
          audit: 0,
          premarks: null,
          second_of: null,
          wants_second: 0,
          updated_at: new Date().toISOString(),
        })
        .onConflict((conflict) =>
          conflict
            .column('video_id')
            .doUpdateSet({ channel_id: channelId })
            .where('review_videos.channel_id', 'is', null),
        )
        .execute()
    }
  }
  await Promise.all(Array.from({ length: listReadsAtOnce }, worker))
}

/** The caption and tags of videos the index's list does not carry (second reviews). */
async function captionsOf(service: ReviewService, videoIds: readonly string[]) {
  const shown = new Map<string, PendingVideo>()
  await Promise.all(
    videoIds.slice(0, listReadsPerQueue).map(async (id) => {
      const video = await service.client
        .get<{ caption?: string | null; thumbnail_url?: string | null; product_ids?: string[] }>(
          `/api/v1/videos/${encodeURIComponent(id)}?fields=caption,thumbnail_url,product_ids`,
        )
        .catch(() => null)
      if (video)
        shown.set(id, {
          id,
          caption: video.caption ?? null,
          thumbnail_url: video.thumbnail_url ?? null,
          product_ids: video.product_ids ?? [],
        })
    }),
  )
  return shown
}
