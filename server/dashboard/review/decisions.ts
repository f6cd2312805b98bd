import type { DecisionsSubmit } from '../../../src/api/review.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import { type DecisionEntry, effectiveDecisions, recordBatch } from './ledger.ts'
import type { ReviewDeps, ReviewService } from './review-context.ts'
import { reviewVideo, updateReviewVideo } from './review-videos.ts'
import { replacement, sendAccept, withAddedTags } from './service-writes.ts'
import type { Suggestion } from './suggestions.ts'

/** The share of people's reviews a second person reviews too, without being told (decision 0022). */
export const secondReviewShare = 0.05

export type Outcome =
  | { ok: { batch_id: string; dismissed: boolean } }
  | { refused: { status: number; error: string } }

export const refusal = (status: number, error: string): Outcome => ({ refused: { status, error } })

/** Named suggestions the list no longer has: the reviewer decided on what is gone. */
export function missingFrom(suggestions: readonly Suggestion[], matchIds: readonly string[]) {
  const known = new Set(suggestions.map((s) => s.match_id))
  const missing = matchIds.filter((id) => !known.has(id))
  return missing.length === 0
    ? null
    : refusal(
        409,
        `The video's suggestions changed since they were shown: ${missing.length === 1 ? 'a suggestion decided is' : `${missing.length} suggestions decided are`} no longer among them (${missing.slice(0, 3).join(', ')}). Reload the video and decide again.`,
      )
}

/**
 * A person's decisions on one video (`POST /videos/:id/decisions`). The video's list is read
 * from the service, so what is recorded of each suggestion is the service's; the service's accept
 * is sent with the accepted products (nothing is sent when every suggestion is rejected: the
 * video is set aside), and only once it took them is the ledger written. A second reviewer's
 * decisions are recorded and never sent.
 */
export async function decideVideo(
  deps: ReviewDeps,
  service: ReviewService,
  user: Principal,
  videoId: string,
  body: DecisionsSubmit,
): Promise<Outcome> {
  const named = body.decisions.map((d) => d.match_id)
  if (new Set(named).size !== named.length)
    return refusal(400, 'Invalid decisions: each suggestion is decided once')
  return deps.lists.exclusive(videoId, async () => {
    const read = await deps.lists.readHeld(service.client, videoId)
    if (!read) return refusal(404, `No such video: the service knows no video ${videoId}`)
    const { suggestions } = read
    const changed = missingFrom(suggestions, named)
    if (changed) return changed
    const [video, effective] = await Promise.all([
      reviewVideo(deps.db, videoId),
      effectiveDecisions(deps.db, videoId),
    ])
    const second = Boolean(video?.wants_second && video.second_of && video.second_of !== user.id)
    const source = second ? 'second' : video?.audit ? 'audit' : 'person'
    const byMatch = new Map(suggestions.map((s) => [s.match_id, s]))
    const entries: DecisionEntry[] = body.decisions.map((d) => ({
      suggestion: byMatch.get(d.match_id) as Suggestion,
      decision: d.decision,
      source,
      seen: d.seen,
      msTaken: d.ms_taken,
    }))
    const decided = new Map(body.decisions.map((d) => [d.match_id, d.decision]))
    const decider = { id: user.id, email: user.email }
    // A video decided before any queue read placed it (a link straight to it) takes its channel
    // from the index, or a second review would never find it in the channel's queue.
    const channelId = video?.channel_id ?? (await indexedChannel(deps.db, videoId))

    if (second) {
      // Nothing is sent: the unnamed suggestions the first reviewer decided count as rejected.
      const firsts = await deps.db
        .selectFrom('review_decisions')
        .select('match_id')
        .where('video_id', '=', videoId)
        .where('reviewer_id', '=', video?.second_of ?? '')
        .where('source', '=', 'person')
        .where('undone_at', 'is', null)
        .execute()
      const unseen = [...new Set(firsts.map((row) => row.match_id))]
        .filter((id) => !decided.has(id) && byMatch.has(id))
        .map(
          (id): DecisionEntry => ({
            suggestion: byMatch.get(id) as Suggestion,
            decision: 'rejected',
            source,
            seen: false,
            msTaken: null,
          }),
        )
      const batchId = await deps.db.transaction().execute(async (trx) => {
        const id = await recordBatch(trx, {
          videoId,
          channelId,
          entries: [...entries, ...unseen],
          decider,
        })
        await updateReviewVideo(trx, videoId, { wants_second: 0 })
        return id
      })
      return { ok: { batch_id: batchId, dismissed: false } }
    }

    const { productIds, unseen } = replacement(
      suggestions,
      decided,
      (id) => effective.has(id),
      source,
    )
    const dismissed = productIds.length === 0
    const sent = dismissed ? null : await sendAccept(service.client, videoId, productIds)
    const answer = sent?.list ?? null
    const sampled = source === 'person' && deps.random() < secondReviewShare
    const batchId = await deps.db.transaction().execute(async (trx) => {
      const id = await recordBatch(trx, {
        videoId,
        channelId,
        entries: withAddedTags([...entries, ...unseen], sent?.taggedBefore),
        decider,
      })
      await updateReviewVideo(trx, videoId, {
        ...(channelId ? { channel_id: channelId } : {}),
        state: dismissed ? 'dismissed' : 'waiting',
        ...(sampled ? { wants_second: 1, second_of: user.id } : {}),
      })
      return id
    })
    if (answer) await deps.lists.noteHeld(videoId, answer)
    return { ok: { batch_id: batchId, dismissed } }
  })
}

const indexedChannel = async (db: ReviewDeps['db'], videoId: string) =>
  (
    await db
      .selectFrom('indexed_videos')
      .select('channel_id')
      .where('id', '=', videoId)
      .executeTakeFirst()
  )?.channel_id ?? null
