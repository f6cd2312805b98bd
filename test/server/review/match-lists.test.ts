/**
 * What the dashboard makes of each match list it reads, on SQLite and PostgreSQL: a state no
 * decision of ours explains is recorded once as `external` (however many replicas read it), never
 * again while it stays; the suggestions are kept; a video set aside comes back with new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { recordBatch } from '../../../server/dashboard/review/ledger.ts'
import { createMatchLists } from '../../../server/dashboard/review/match-lists.ts'
import type { ReviewDb, ReviewTableMap } from '../../../server/dashboard/review/review-context.ts'
import { reviewVideo, updateReviewVideo } from '../../../server/dashboard/review/review-videos.ts'
import { type Suggestion, suggestionsOf } from '../../../server/dashboard/review/suggestions.ts'
import { bothDatabases } from '../support/both-databases.ts'

type Status = ProductMatchList['matches'][number]['status']

const listOf = (states: Record<string, [number, Status, string?]>): ProductMatchList => ({
  status: 'completed',
  matches: Object.entries(states).map(([id, [score, status, updated]]) => ({
    id,
    status,
    matching_score: score,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: updated ?? '2026-01-01T00:00:00Z',
    product: {
      id: `p-${id}`,
      name: id,
      handle: null,
      description: null,
      category: 'Bags',
      currency: 'EUR',
      brand: null,
      subtitle: null,
      business_store_id: 'store-1',
      external_id: null,
      options: [],
      units: [],
      images: [],
      shipping: null,
      hide_price: false,
      custom_cta: null,
    },
  })),
})

describe.each(bothDatabases)('match lists on $name', ({ start }) => {
  let stop: () => Promise<void>
  let db: ReviewDb
  beforeAll(async () => {
    const database = await start()
    stop = database.stop
    db = (
      await openDashboardDb({ ...database.location, areas: areaMigrations })
    ).withTables<ReviewTableMap>()
  })
  afterAll(async () => {
    await db?.destroy()
    await stop?.()
  })
  const externals = (videoId: string) =>
    db
      .selectFrom('review_decisions')
      .select(['match_id', 'decision', 'seen', 'reviewer_id'])
      .where('video_id', '=', videoId)
      .where('source', '=', 'external')
      .orderBy('match_id')
      .execute()

  it('records a change made elsewhere once, on every replica reading it', async () => {
    const replicas = [
      createMatchLists({ db, log: () => {} }),
      createMatchLists({ db, log: () => {} }),
    ]
    const [one, two] = replicas as [
      ReturnType<typeof createMatchLists>,
      ReturnType<typeof createMatchLists>,
    ]
    await one.note('v1', listOf({ a: [80, 'pending'], b: [40, 'pending'] }))
    expect(await externals('v1')).toEqual([])
    const decided = listOf({
      a: [80, 'rejected', '2026-01-02T00:00:00Z'],
      b: [40, 'accepted', '2026-01-02T00:00:00Z'],
    })
    await Promise.all([one.note('v1', decided), two.note('v1', decided), one.note('v1', decided)])
    expect(await externals('v1')).toEqual([
      { match_id: 'a', decision: 'rejected', seen: 0, reviewer_id: null },
      { match_id: 'b', decision: 'accepted', seen: 0, reviewer_id: null },
    ])
    const kept = await db
      .selectFrom('review_suggestions')
      .select(['match_id', 'status', 'score'])
      .where('video_id', '=', 'v1')
      .orderBy('match_id')
      .execute()
    expect(kept).toEqual([
      { match_id: 'a', status: 'rejected', score: 80 },
      { match_id: 'b', status: 'accepted', score: 40 },
    ])
  })

  it('notes nothing a decision of ours explains, even on a first read', async () => {
    const lists = createMatchLists({ db, log: () => {} })
    const list = listOf({ a: [90, 'accepted'], b: [30, 'rejected'], c: [20, 'pending'] })
    const [a, b] = suggestionsOf(list) as [Suggestion, Suggestion]
    await recordBatch(db, {
      videoId: 'v2',
      channelId: null,
      entries: [
        { suggestion: a, decision: 'accepted', source: 'person', seen: true, msTaken: 10 },
        { suggestion: b, decision: 'rejected', source: 'person', seen: false, msTaken: null },
      ],
      decider: { id: 'ana', email: 'ana@example.com' },
    })
    await lists.note('v2', list)
    expect(await externals('v2')).toEqual([])
  })

  it('brings a video set aside back when it has suggestions no decision covers', async () => {
    const lists = createMatchLists({ db, log: () => {} })
    const first = listOf({ a: [70, 'pending'] })
    await lists.note('v3', first)
    await recordBatch(db, {
      videoId: 'v3',
      channelId: null,
      entries: [
        {
          suggestion: suggestionsOf(first)[0] as Suggestion,
          decision: 'rejected',
          source: 'person',
          seen: true,
          msTaken: 5,
        },
      ],
      decider: { id: 'ana', email: 'ana@example.com' },
    })
    await updateReviewVideo(db, 'v3', { state: 'dismissed' })
    await lists.note('v3', first)
    expect((await reviewVideo(db, 'v3'))?.state).toBe('dismissed')
    await lists.note('v3', listOf({ a: [70, 'pending'], n: [65, 'pending'] }))
    expect((await reviewVideo(db, 'v3'))?.state).toBe('waiting')
  })
})
