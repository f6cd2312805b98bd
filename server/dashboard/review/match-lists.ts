import { createHash, randomUUID } from 'node:crypto'
import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { ServiceClient } from '../forwarding/service-client.ts'
import type { Log } from '../ops/logger.ts'
import { type DecisionEntry, effectiveDecisions, type LedgerRow, recordBatch } from './ledger.ts'
import type { ReviewDb } from './review-context.ts'
import { keyedQueue, type Suggestion, suggestionsOf } from './suggestions.ts'

/** Whether the ledger's latest decision in effect accounts for a state the service shows. */
function explains(status: Suggestion['status'], row: LedgerRow | undefined) {
  // New suggestions are pending; the service has no way back to pending.
  if (status === 'pending') return true
  return row?.decision === status
}

// An outside decision's row id: the same change read twice, on any replica, is one row.
const externalId = (videoId: string, s: Suggestion) =>
  `external-${createHash('sha256').update(`${videoId}\n${s.match_id}\n${s.status}\n${s.updated_at}`).digest('hex').slice(0, 40)}`

/**
 * Every match list the dashboard reads goes through here: the suggestions are kept (the queue's
 * order, auto-accept), a state that changed since the last read and that no decision of ours
 * explains is recorded once as `external` (never counted), and a video the dashboard set aside
 * comes back when it has suggestions no decision covers. A video's decisions and notes take turns.
 */
export function createMatchLists(options: { db: ReviewDb; log: Log }) {
  const { db } = options
  const exclusive = keyedQueue()

  async function noteHeld(videoId: string, list: ProductMatchList, readAt = Date.now()) {
    const suggestions = suggestionsOf(list)
    const [previous, effective, video] = await Promise.all([
      db
        .selectFrom('review_suggestions')
        .select(['match_id', 'status'])
        .where('video_id', '=', videoId)
        .execute(),
      effectiveDecisions(db, videoId),
      db
        .selectFrom('review_videos')
        .select(['state', 'channel_id'])
        .where('video_id', '=', videoId)
        .executeTakeFirst(),
    ])
    const before = new Map(previous.map((row) => [row.match_id, row.status]))
    const outside: DecisionEntry[] = suggestions
      .filter(
        (s) =>
          before.get(s.match_id) !== s.status && !explains(s.status, effective.get(s.match_id)),
      )
      .map((s) => ({
        suggestion: s,
        decision: s.status === 'accepted' ? 'accepted' : 'rejected',
        source: 'external',
        seen: false,
        msTaken: null,
        id: externalId(videoId, s),
      }))
    const reopen =
      (video?.state === 'dismissed' || video?.state === 'settled') &&
      suggestions.some((s) => s.status === 'pending' && !effective.has(s.match_id))
    await db.transaction().execute(async (trx) => {
      await recordBatch(trx, {
        videoId,
        channelId: video?.channel_id ?? null,
        entries: outside,
        decider: null,
        batchId: `external-${randomUUID()}`,
      })
      // Upserted, not replaced: two replicas noting one list at once would both insert.
      let gone = trx.deleteFrom('review_suggestions').where('video_id', '=', videoId)
      if (suggestions.length > 0)
        gone = gone.where(
          'match_id',
          'not in',
          suggestions.map((s) => s.match_id),
        )
      await gone.execute()
      if (suggestions.length > 0)
        await trx
          .insertInto('review_suggestions')
          .values(
            suggestions.map((s) => ({
              video_id: videoId,
              match_id: s.match_id,
              product_id: s.product_id,
              store_id: s.store_id,
              category: s.category,
              score: s.score,
              status: s.status,
              read_at: readAt,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['video_id', 'match_id']).doUpdateSet((eb) => ({
              product_id: eb.ref('excluded.product_id'),
              store_id: eb.ref('excluded.store_id'),
              category: eb.ref('excluded.category'),
              score: eb.ref('excluded.score'),
              status: eb.ref('excluded.status'),
              read_at: eb.ref('excluded.read_at'),
            })),
          )
          .execute()
      if (reopen)
        await trx
          .updateTable('review_videos')
          .set({ state: 'waiting', updated_at: new Date().toISOString() })
          .where('video_id', '=', videoId)
          .execute()
    })
    return suggestions
  }

  async function readHeld(client: ServiceClient, videoId: string) {
    const readAt = Date.now()
    const list = await client.get<ProductMatchList>(
      `/api/v1/videos/${encodeURIComponent(videoId)}/product_matches`,
    )
    if (!list) return null
    return { list, suggestions: await noteHeld(videoId, list, readAt) }
  }

  return {
    /** Runs `task` while no other decision or note on the video runs (in this process). */
    exclusive: <T>(videoId: string, task: () => Promise<T>) => exclusive(videoId, task),
    /** Reads the video's list from the service and notes it; null for a video it does not know. */
    read: (client: ServiceClient, videoId: string) =>
      exclusive(videoId, () => readHeld(client, videoId)),
    /** As `read`, from inside `exclusive`. */
    readHeld,
    /** Notes a list read elsewhere (the index's rechecks, auto-accept's watch). */
    note: (videoId: string, list: ProductMatchList, readAt?: number) =>
      exclusive(videoId, () => noteHeld(videoId, list, readAt)),
    /** As `note`, from inside `exclusive`. */
    noteHeld,
  }
}

export type MatchLists = ReturnType<typeof createMatchLists>
