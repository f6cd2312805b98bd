import type { ReviewDecision } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'
import type { ReviewVideoTable } from './tables.ts'

/** A kept list older than this is read again when the queue is read. */
export const listMaxAgeMs = 5 * 60_000
const chunk = 500

/** What the dashboard keeps of a queued video's review. */
export interface QueueFacts {
  state: ReviewVideoTable['state'] | null
  audit: boolean
  /** Sampled for a second review that the person asking may give. */
  second: boolean
  premarks: Record<string, ReviewDecision>
  /** Whether its list was read, and when it was read last (ms). */
  read: boolean
  readAt: number
  /** The suggestions waiting: pending with no decision of ours, or, for a second review, those the first reviewer decided. */
  waiting: Array<{ match_id: string; score: number }>
}

function parsePremarks(text: string | null): Record<string, ReviewDecision> {
  if (!text) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (!parsed || typeof parsed !== 'object') return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, ReviewDecision] =>
          entry[1] === 'accepted' || entry[1] === 'rejected',
      ),
    )
  } catch {
    return {}
  }
}

async function inChunks<T>(ids: readonly string[], read: (some: string[]) => Promise<T[]>) {
  const all: T[] = []
  for (let start = 0; start < ids.length; start += chunk)
    all.push(...(await read(ids.slice(start, start + chunk))))
  return all
}

/** The queue's facts of each video, from the dashboard's own tables. */
export async function queueFacts(db: ReviewDb, ids: readonly string[], userId: string) {
  const [videos, suggestions, decisions] = await Promise.all([
    inChunks(ids, (some) =>
      db.selectFrom('review_videos').selectAll().where('video_id', 'in', some).execute(),
    ),
    inChunks(ids, (some) =>
      db
        .selectFrom('review_suggestions')
        .select(['video_id', 'match_id', 'score', 'status', 'read_at'])
        .where('video_id', 'in', some)
        .execute(),
    ),
    inChunks(ids, (some) =>
      db
        .selectFrom('review_decisions')
        .select(['video_id', 'match_id', 'source', 'reviewer_id'])
        .where('video_id', 'in', some)
        .where('undone_at', 'is', null)
        .where('source', '!=', 'second')
        .execute(),
    ),
  ])
  const facts = new Map<string, QueueFacts>()
  const factOf = (id: string) => {
    let fact = facts.get(id)
    if (!fact) {
      fact = {
        state: null,
        audit: false,
        second: false,
        premarks: {},
        read: false,
        readAt: Number.POSITIVE_INFINITY,
        waiting: [],
      }
      facts.set(id, fact)
    }
    return fact
  }
  const firstOf = new Map<string, string>()
  for (const video of videos) {
    const fact = factOf(video.video_id)
    fact.state = video.state
    fact.audit = video.audit === 1
    fact.premarks = parsePremarks(video.premarks)
    if (video.wants_second === 1 && video.second_of && video.second_of !== userId) {
      fact.second = true
      firstOf.set(video.video_id, video.second_of)
    }
  }
  const decided = new Set<string>()
  const byFirst = new Set<string>()
  for (const row of decisions) {
    decided.add(`${row.video_id}\n${row.match_id}`)
    if (row.source === 'person' && firstOf.get(row.video_id) === row.reviewer_id)
      byFirst.add(`${row.video_id}\n${row.match_id}`)
  }
  for (const s of suggestions) {
    const fact = factOf(s.video_id)
    fact.read = true
    fact.readAt = Math.min(fact.readAt, Number(s.read_at))
    const key = `${s.video_id}\n${s.match_id}`
    const waiting = fact.second ? byFirst.has(key) : s.status === 'pending' && !decided.has(key)
    if (waiting) fact.waiting.push({ match_id: s.match_id, score: s.score })
  }
  return facts
}

/** The queued videos whose lists should be read now: never read first, then the oldest read. */
export function suggestionsToRead(
  facts: ReadonlyMap<string, QueueFacts>,
  listed: ReadonlyMap<string, unknown>,
  now: number,
) {
  const unread: string[] = []
  const stale: Array<{ id: string; at: number }> = []
  for (const id of listed.keys()) {
    const fact = facts.get(id)
    if (fact?.state === 'settled' || fact?.state === 'dismissed') continue
    if (!fact?.read) unread.push(id)
    else if (fact.readAt < now - listMaxAgeMs) stale.push({ id, at: fact.readAt })
  }
  return [...unread, ...stale.sort((a, b) => a.at - b.at).map((each) => each.id)]
}
