import type { Principal } from '../auth/sign-in-routes.ts'
import { type Outcome, refusal } from './decisions.ts'
import { type DecisionEntry, effectiveDecisions, markUndone, recordBatch } from './ledger.ts'
import type { ReviewDeps, ReviewService } from './review-context.ts'
import { updateReviewVideo } from './review-videos.ts'
import { sendAccept, tagsAdded, untag, withAddedTags } from './service-writes.ts'

/**
 * An admin settles a double-reviewed video whose reviewers disagreed
 * (`POST /disagreements/:videoId/settle`): the settled set is sent to the service as the accept
 * (nothing is sent when it is empty, and the video is set aside), products no longer accepted are
 * taken off the video's tags, and the ledger records the admin's decisions in place of the first
 * reviewer's (theirs are marked undone by the admin; the pair's rows stay for agreement).
 */
export async function settleDisagreement(
  deps: ReviewDeps,
  service: ReviewService,
  admin: Principal,
  videoId: string,
  productIds: readonly string[],
): Promise<Outcome> {
  return deps.lists.exclusive(videoId, async () => {
    const read = await deps.lists.readHeld(service.client, videoId)
    if (!read) return refusal(404, `No such video: the service knows no video ${videoId}`)
    const { suggestions } = read
    const products = new Set(suggestions.map((s) => s.product_id))
    const unknown = productIds.filter((id) => !products.has(id))
    if (unknown.length > 0)
      return refusal(
        422,
        `Settle with products among the video's suggestions: ${unknown.slice(0, 3).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not`,
      )
    const pair = await deps.db
      .selectFrom('review_decisions')
      .select('match_id')
      .where('video_id', '=', videoId)
      .where('source', '=', 'second')
      .execute()
    if (pair.length === 0)
      return refusal(404, 'This video was not reviewed twice: there is nothing to settle')
    const reviewedTwice = new Set(pair.map((row) => row.match_id))
    const settled = new Set(productIds)
    const effective = await effectiveDecisions(deps.db, videoId)
    const entries: DecisionEntry[] = suggestions.flatMap((suggestion) => {
      const decision = settled.has(suggestion.product_id) ? 'accepted' : 'rejected'
      const seen = reviewedTwice.has(suggestion.match_id)
      const was = effective.get(suggestion.match_id)?.decision
      if (!seen && was === decision) return []
      if (!seen && !was && suggestion.status === decision) return []
      return [{ suggestion, decision, source: 'person', seen, msTaken: null }]
    })
    const dismissed = settled.size === 0
    const sent = dismissed ? null : await sendAccept(service.client, videoId, [...settled])
    const answer = sent?.list ?? null
    // Taken off: what the review had added and the settle no longer accepts.
    const added = new Set(tagsAdded([...effective.values()]).map((row) => row.match_id))
    await untag(
      service.client,
      videoId,
      suggestions.filter(
        (s) => s.status === 'accepted' && !settled.has(s.product_id) && added.has(s.match_id),
      ),
    )
    const at = new Date()
    const batchId = await deps.db.transaction().execute(async (trx) => {
      const replaced = entries.flatMap((entry) => {
        const row = effective.get(entry.suggestion.match_id)
        return row ? [row.id] : []
      })
      await markUndone(trx, replaced, admin.id, at)
      const id = await recordBatch(trx, {
        videoId,
        channelId: null,
        entries: withAddedTags(entries, sent?.taggedBefore),
        decider: { id: admin.id, email: admin.email },
        at,
      })
      await updateReviewVideo(trx, videoId, {
        state: dismissed ? 'dismissed' : 'waiting',
        wants_second: 0,
      })
      return id
    })
    if (answer) await deps.lists.noteHeld(videoId, answer)
    return { ok: { batch_id: batchId, dismissed } }
  })
}
