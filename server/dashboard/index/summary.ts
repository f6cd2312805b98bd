import { sql } from 'kysely'
import type { IndexSummary, ReadinessCheck } from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import { readinessSettings } from './readiness.ts'
import { inState, needsAttention } from './video-conditions.ts'

const dayMs = 24 * 60 * 60 * 1000
export const timelineDays = 14

type VideoRows = Parameters<typeof needsAttention>[0]

/** The UTC days from today's on, as `YYYY-MM-DD`. */
function utcDays(now: Date, count: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: count + 1 }, (_, n) =>
    new Date(today + n * dayMs).toISOString().slice(0, 10),
  )
}

/**
 * A channel's day at a glance (the home page): its videos by publication state, those scheduled
 * on each of the next 14 UTC days, and how many need a look, in three queries. The lists the page
 * links to use the same conditions.
 *
 * Looking up every video's tags is the costly part (about 90 ms over 100,000 videos on SQLite),
 * so it is done once, from the tags: the videos with a broken tag are counted there, and so are
 * those among them that no other required check would flag, which completes "needs attention".
 */
export async function channelSummary(
  db: DashboardDb,
  channelId: string,
  now = new Date(),
  /** The team's required checks, when the caller has read them already. */
  requiredChecks?: ReadinessCheck[],
): Promise<Omit<IndexSummary, 'index'>> {
  const at = now.toISOString()
  const days = utcDays(now, timelineDays)
  const required = requiredChecks ?? (await readinessSettings(db)).required
  const otherChecks = required.filter((check) => check !== 'broken_tag')
  const videos = db.selectFrom('indexed_videos as v').where('v.channel_id', '=', channelId)
  const [counts, scheduled, broken] = await Promise.all([
    videos
      .select((eb) => [
        eb.fn
          .countAll<number>()
          .filterWhere(inState(eb, 'draft', at))
          .as('draft'),
        eb.fn
          .countAll<number>()
          .filterWhere(inState(eb, 'scheduled', at))
          .as('scheduled'),
        eb.fn
          .countAll<number>()
          .filterWhere(inState(eb, 'live', at))
          .as('live'),
        eb.fn.countAll<number>().filterWhere('v.archived_at', 'is not', null).as('archived'),
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([inState(eb, 'live', at), eb('v.product_count', '=', 0)]))
          .as('live_without_product'),
        eb.fn.countAll<number>().filterWhere(needsAttention(eb, otherChecks)).as('attention'),
      ])
      .executeTakeFirstOrThrow(),
    videos
      .select((eb) => [
        sql<string>`substr(${eb.ref('v.published_at')}, 1, 10)`.as('day'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where((eb) => inState(eb, 'scheduled', at))
      .where('v.published_at', '<', `${days[timelineDays]}T00:00:00.000Z`)
      .groupBy('day')
      .execute(),
    // The condition tag health lists by (tag-health.ts), archived videos included.
    db
      .selectFrom('indexed_video_tags as t')
      .innerJoin('indexed_videos as v', 'v.id', 't.video_id')
      .leftJoin('indexed_products as p', 'p.id', 't.tag_id')
      .select((eb) => {
        const videoRows = eb as unknown as VideoRows
        return [
          eb.fn.count<number>('t.video_id').distinct().as('videos'),
          eb.fn
            .count<number>('t.video_id')
            .distinct()
            .filterWhere(
              eb.and([
                eb('v.archived_at', 'is', null),
                eb.not(needsAttention(videoRows, otherChecks)),
              ]),
            )
            .as('unflagged'),
        ]
      })
      .where('v.channel_id', '=', channelId)
      .where('t.kind', '=', 'product')
      .where((eb) =>
        eb.or([eb('p.id', 'is', null), eb('p.gone_at', 'is not', null), eb('p.in_stock', '=', 0)]),
      )
      .executeTakeFirstOrThrow(),
  ])
  const perDay = new Map(scheduled.map((row) => [row.day, Number(row.n)]))
  return {
    channel_id: channelId,
    at,
    states: {
      draft: Number(counts.draft),
      scheduled: Number(counts.scheduled),
      live: Number(counts.live),
      archived: Number(counts.archived),
    },
    scheduled_days: days
      .slice(0, timelineDays)
      .map((day) => ({ day, videos: perDay.get(day) ?? 0 })),
    attention:
      Number(counts.attention) + (required.includes('broken_tag') ? Number(broken.unflagged) : 0),
    required,
    broken_tag_videos: Number(broken.videos),
    live_without_product: Number(counts.live_without_product),
  }
}
