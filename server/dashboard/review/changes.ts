import type { ReviewDecision } from '../../../src/api/review.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import { type Outcome, refusal } from './decisions.ts'
import {
  batchRows,
  type DecisionEntry,
  effectiveDecisions,
  markUndone,
  recentOf,
  recordBatch,
  suggestionOf,
} from './ledger.ts'
import type { ReviewDeps, ReviewService } from './review-context.ts'
import { updateReviewVideo } from './review-videos.ts'
import { replacement, sendAccept, tagsAdded, untag, withAddedTags } from './service-writes.ts'

/**
 * One of one's own last ten decisions, decided again (`PUT /decisions/:id`): the accept is sent
 * again with the video's new set (a product now rejected is also taken off the video's tags,
 * which the accept never does), the old row is marked undone and the new one written. With
 * nothing left to accept, nothing is sent and the video is set aside, as a submit would.
 */
export async function changeDecision(
  deps: ReviewDeps,
  service: ReviewService,
  user: Principal,
  decisionId: string,
  decision: ReviewDecision,
): Promise<Outcome> {
  const recent = await recentOf(deps.db, user.id)
  const row = recent.find((each) => each.id === decisionId)
  if (!row)
    return refusal(404, 'No such decision among your last ten: only those can be changed here')
  if (row.decision === decision) return { ok: { batch_id: row.batch_id, dismissed: false } }
  const decider = { id: user.id, email: user.email }
  return deps.lists.exclusive(row.video_id, async () => {
    if (row.source === 'second') {
      const at = new Date()
      const batchId = await deps.db.transaction().execute(async (trx) => {
        if ((await markUndone(trx, [row.id], user.id, at)) === 0) return null
        return recordBatch(trx, {
          videoId: row.video_id,
          channelId: row.channel_id,
          entries: [
            {
              suggestion: suggestionOf(row),
              decision,
              source: 'second',
              seen: true,
              msTaken: null,
            },
          ],
          decider,
          at,
        })
      })
      if (!batchId) return refusal(409, 'That decision was changed meanwhile: reload your last ten')
      return { ok: { batch_id: batchId, dismissed: false } }
    }
    const read = await deps.lists.readHeld(service.client, row.video_id)
    const suggestion = read?.suggestions.find((s) => s.match_id === row.match_id)
    if (!read || !suggestion)
      return refusal(409, "The video's suggestions changed: this one is no longer among them")
    const effective = await effectiveDecisions(deps.db, row.video_id)
    const decided = new Map<string, ReviewDecision>([[row.match_id, decision]])
    const { productIds, unseen } = replacement(
      read.suggestions,
      decided,
      (id) => effective.has(id),
      row.source,
    )
    const dismissed = productIds.length === 0
    const sent = dismissed ? null : await sendAccept(service.client, row.video_id, productIds)
    const answer = sent?.list ?? null
    // A product the video had before the review accepted it stays tagged.
    if (decision === 'rejected' && tagsAdded([row]).length > 0)
      await untag(service.client, row.video_id, [suggestion])
    const at = new Date()
    const batchId = await deps.db.transaction().execute(async (trx) => {
      await markUndone(trx, [row.id], user.id, at)
      const entry: DecisionEntry = {
        suggestion,
        decision,
        source: row.source,
        seen: true,
        msTaken: null,
      }
      const id = await recordBatch(trx, {
        videoId: row.video_id,
        channelId: row.channel_id,
        entries: withAddedTags([entry, ...unseen], sent?.taggedBefore),
        decider,
        at,
      })
      await updateReviewVideo(trx, row.video_id, { state: dismissed ? 'dismissed' : 'waiting' })
      return id
    })
    if (answer) await deps.lists.noteHeld(row.video_id, answer)
    return { ok: { batch_id: batchId, dismissed } }
  })
}

/**
 * Undoes decisions made together (`POST /batches/:id/undo`; auto-accept's, from the video page):
 * what they accepted is taken off the video's tags and the rows are marked undone. The service
 * has no way back to pending, so its match states stay as they are.
 */
export async function undoBatch(
  deps: ReviewDeps,
  service: ReviewService,
  user: Principal,
  batchId: string,
): Promise<Outcome | { ok: { batch_id: string; undone: number } }> {
  const rows = await batchRows(deps.db, batchId)
  const first = rows[0]
  if (!first) return refusal(404, 'No such batch of decisions, or it is already undone')
  if (rows.some((row) => row.source === 'external' || row.source === 'second'))
    return refusal(
      409,
      'Decisions made outside the dashboard, or by a second reviewer, are not undone here',
    )
  return deps.lists.exclusive(first.video_id, async () => {
    // Only what the batch added to the tags comes off: a product tagged before stays.
    await untag(service.client, first.video_id, tagsAdded(rows))
    const undone = await deps.db.transaction().execute(async (trx) => {
      const count = await markUndone(
        trx,
        rows.map((row) => row.id),
        user.id,
      )
      // A video set aside (every suggestion rejected, or settled by auto-accept) comes back to
      // the queue with whatever the service still has pending.
      await updateReviewVideo(trx, first.video_id, { state: 'waiting' })
      return count
    })
    return { ok: { batch_id: batchId, undone } }
  })
}
