import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import {
  type AutoAcceptChange,
  type AutoAcceptEligibilityAt,
  autoAcceptSettingsSchema,
  batchUndoAnswerSchema,
  calibrationSchema,
  type DecisionsSubmit,
  decisionsAnswerSchema,
  type KeyMap,
  keyMapSchema,
  type QueueOrder,
  type ReviewDecision,
  recentDecisionsSchema,
  reviewersSchema,
  reviewQueueAnswerSchema,
  videoLedgerSchema,
} from '../review'
import { type CalibrationFilter, type ReviewPeriod, reviewKeys } from './review-keys'

export { type CalibrationFilter, type ReviewPeriod, reviewKeys }

/** The filter's given fields as a query string. */
const searchOf = (filter: CalibrationFilter) =>
  new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )

const reviewPath = (path: string) => `/api/dashboard/review${path}`
const videoPath = (videoId: string) => reviewPath(`/videos/${encodeURIComponent(videoId)}`)

/** A channel's videos waiting for a person, in the chosen order, below-floor ones hidden unless asked. */
export const reviewQueueAnswerQuery = (
  channelId: string,
  order: QueueOrder | null,
  belowFloor = false,
) =>
  queryOptions({
    queryKey: reviewKeys.queue(channelId, order, belowFloor),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ channel_id: channelId, below_floor: String(belowFloor) })
      if (order) query.set('order', order)
      return dashboardApi(reviewPath(`/queue?${query}`), {
        signal,
        schema: reviewQueueAnswerSchema,
      })
    },
    staleTime: 30_000,
  })

/** The signed-in person's last ten decisions, still changeable. */
export const recentDecisionsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.recent(),
    queryFn: ({ signal }) =>
      dashboardApi(reviewPath('/recent'), { signal, schema: recentDecisionsSchema }).then(
        (body) => body.decisions,
      ),
  })

/** Every decision on a video, newest first. */
export const videoLedgerQuery = (videoId: string) =>
  queryOptions({
    queryKey: reviewKeys.videoLedger(videoId),
    queryFn: ({ signal }) =>
      dashboardApi(`${videoPath(videoId)}/ledger`, { signal, schema: videoLedgerSchema }).then(
        (body) => body.decisions,
      ),
  })

/** The signed-in person's review keys (the defaults until they change one). */
export const keyMapQuery = () =>
  queryOptions({
    queryKey: reviewKeys.keys(),
    queryFn: ({ signal }) =>
      dashboardApi(reviewPath('/keys'), { signal, schema: keyMapSchema }).then((body) => body.keys),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const calibrationQuery = (filter: CalibrationFilter = {}) =>
  queryOptions({
    queryKey: reviewKeys.calibration(filter),
    queryFn: ({ signal }) =>
      dashboardApi(reviewPath(`/calibration?${searchOf(filter)}`), {
        signal,
        schema: calibrationSchema,
      }),
  })

export const reviewersQuery = (period: ReviewPeriod = {}) =>
  queryOptions({
    queryKey: reviewKeys.reviewers(period),
    queryFn: ({ signal }) =>
      dashboardApi(reviewPath(`/reviewers?${searchOf(period)}`), {
        signal,
        schema: reviewersSchema,
      }),
  })

/** Auto-accept's setting, its eligibility judged at `at` (the picked threshold, a target typed). */
export const autoAcceptSettingsQuery = (at: AutoAcceptEligibilityAt = {}) =>
  queryOptions({
    queryKey: [...reviewKeys.settings(), at] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(
        Object.entries(at).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, String(value)]],
        ),
      )
      return dashboardApi(reviewPath(`/settings?${query}`), {
        signal,
        schema: autoAcceptSettingsSchema,
      })
    },
    placeholderData: (previous) => previous,
  })

/** An admin's change of auto-accept; refused (422) with the reason when the data does not support it. */
export const saveAutoAcceptSettings = (change: AutoAcceptChange) =>
  dashboardApi(reviewPath('/settings'), {
    method: 'PUT',
    body: change,
    schema: autoAcceptSettingsSchema,
  })

/** One video's decisions, as a person made them; the service's refusal comes back in its words. */
export const submitDecisions = (videoId: string, body: DecisionsSubmit) =>
  dashboardApi(`${videoPath(videoId)}/decisions`, {
    method: 'POST',
    body,
    schema: decisionsAnswerSchema,
  })

/** Changes one of one's own last ten decisions. */
export const changeDecision = (decisionId: string, decision: ReviewDecision) =>
  dashboardApi(reviewPath(`/decisions/${encodeURIComponent(decisionId)}`), {
    method: 'PUT',
    body: { decision },
    schema: decisionsAnswerSchema,
  })

/** Undoes the decisions sent together (an automatic settle, from the video page). */
export const undoBatch = (batchId: string) =>
  dashboardApi(reviewPath(`/batches/${encodeURIComponent(batchId)}/undo`), {
    method: 'POST',
    schema: batchUndoAnswerSchema,
  })

export const saveKeyMap = (keys: KeyMap) =>
  dashboardApi(reviewPath('/keys'), { method: 'PUT', body: { keys }, schema: keyMapSchema }).then(
    (body) => body.keys,
  )

/** An admin's settled set for a double-reviewed video whose reviewers disagreed. */
export const settleDisagreement = (videoId: string, productIds: readonly string[]) =>
  dashboardApi(reviewPath(`/disagreements/${encodeURIComponent(videoId)}/settle`), {
    method: 'POST',
    body: { product_ids: productIds },
    schema: decisionsAnswerSchema,
  })
