import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { AuditRecord } from '../auth/audit-log.ts'
import { type ServiceClient, ServiceReadError } from '../forwarding/service-client.ts'
import {
  type AutoAcceptPlan,
  handledThrough,
  type PlanSettings,
  planFor,
} from './auto-accept-plan.ts'
import { noteWatch, watchOf } from './auto-accept-watch.ts'
import { type DecisionEntry, effectiveDecisions, recordBatch } from './ledger.ts'
import type { MatchLists } from './match-lists.ts'
import type { ReviewDb } from './review-context.ts'
import { updateReviewVideo } from './review-videos.ts'
import { replacement, sendAccept, withAddedTags } from './service-writes.ts'
import type { Suggestion } from './suggestions.ts'

/** The account automatic decisions are recorded under in the audit log. */
export const autoAcceptActor = { account_id: 'auto-accept', account_email: 'auto-accept' }

export interface VideoPassDeps {
  db: ReviewDb
  client: ServiceClient
  lists: MatchLists
  audit: (entry: AuditRecord) => Promise<void>
  /** 0 ≤ x < 1: the blind audit's draw. */
  draw: () => number
  now: () => number
}

export type VideoOutcome = AutoAcceptPlan['kind'] | 'gone'

/** The service asked to wait (429) or failed (5xx): the video is read again later. */
export const serviceBusy = (error: unknown): error is ServiceReadError =>
  error instanceof ServiceReadError && (error.status === 429 || error.status >= 500)

const videoPath = (videoId: string) => `/api/v1/videos/${encodeURIComponent(videoId)}`

/**
 * Reads one video's match list (noting it as every read is noted) and acts on a finished job's
 * new output: settles it, gives it to the blind audit, or leaves it waiting with the sure ones
 * pre-marked. What was handled is remembered only once done, so a failed accept is tried again.
 */
export function autoAcceptVideo(deps: VideoPassDeps, videoId: string, settings: PlanSettings) {
  const { db, lists } = deps
  return lists.exclusive(videoId, async (): Promise<VideoOutcome> => {
    const lookedMs = deps.now()
    const [read, watch] = await Promise.all([
      lists.readHeld(deps.client, videoId),
      watchOf(db, videoId),
    ])
    if (!read) {
      await noteWatch(db, videoId, 'none', lookedMs, null)
      return 'gone'
    }
    const plan = planFor(read.list, watch?.handled_through ?? null, settings, deps.draw)
    const channel = await db
      .selectFrom('indexed_videos')
      .select('channel_id')
      .where('id', '=', videoId)
      .executeTakeFirst()
    const channelId = channel?.channel_id ?? null
    let after: ProductMatchList = read.list
    if (plan.kind === 'wait' || plan.kind === 'audit')
      await updateReviewVideo(db, videoId, {
        channel_id: channelId,
        state: 'waiting',
        audit: plan.kind === 'audit' ? 1 : 0,
        premarks: plan.kind === 'wait' && plan.premarks ? JSON.stringify(plan.premarks) : null,
      })
    if (plan.kind === 'settle')
      try {
        after = (await settle(deps, videoId, channelId, read.suggestions, plan)) ?? after
      } catch (error) {
        if (serviceBusy(error)) throw error
        // The service refused the accept (the list changed under it, say): a person decides.
        const waiting = { state: 'waiting', audit: 0, premarks: null } as const
        await updateReviewVideo(db, videoId, { channel_id: channelId, ...waiting })
        await noteWatch(db, videoId, read.list.status, lookedMs, handledThrough(read.list))
        throw error
      }
    await noteWatch(db, videoId, read.list.status, lookedMs, handledThrough(after))
    return plan.kind
  })
}

/**
 * Accepts the sure ones through the service (with the products already accepted, which the
 * accept would otherwise reject; existing tags stay, as the accept only adds), records the
 * rejections below the floor, and writes the ledger as one batch and the audit log. With nothing
 * to accept, nothing is sent: the video is dismissed, as people's all-rejected reviews are.
 */
async function settle(
  deps: VideoPassDeps,
  videoId: string,
  channelId: string | null,
  suggestions: readonly Suggestion[],
  plan: Extract<AutoAcceptPlan, { kind: 'settle' }>,
) {
  const { db } = deps
  const byMatch = new Map(suggestions.map((s) => [s.match_id, s]))
  const decided = new Map<string, 'accepted' | 'rejected'>()
  const entries: DecisionEntry[] = []
  for (const [matches, decision, source] of [
    [plan.accept, 'accepted', 'auto'],
    [plan.reject, 'rejected', 'floor'],
  ] as const)
    for (const match of matches) {
      const suggestion = byMatch.get(match.id)
      if (!suggestion) continue
      decided.set(match.id, decision)
      entries.push({ suggestion, decision, source, seen: false, msTaken: null })
    }
  const effective = await effectiveDecisions(db, videoId)
  const { productIds } = replacement(suggestions, decided, (id) => effective.has(id), 'auto')
  const accepting = plan.accept.length > 0
  const sent = accepting ? await sendAccept(deps.client, videoId, productIds) : null
  const answer = sent?.list ?? null
  await db.transaction().execute(async (trx) => {
    await recordBatch(trx, {
      videoId,
      channelId,
      entries: withAddedTags(entries, sent?.taggedBefore),
      decider: null,
    })
    await updateReviewVideo(trx, videoId, {
      channel_id: channelId,
      state: accepting ? 'settled' : 'dismissed',
      audit: 0,
      premarks: null,
    })
  })
  if (answer) await deps.lists.noteHeld(videoId, answer)
  await deps.audit({
    ...autoAcceptActor,
    operation: accepting ? 'review.autoAccept' : 'review.autoReject',
    method: 'POST',
    path: accepting
      ? `${videoPath(videoId)}/product_matches/accept`
      : `/api/dashboard/review/videos/${encodeURIComponent(videoId)}/decisions`,
    status: 200,
  })
  return answer
}
