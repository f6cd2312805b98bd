import type { QueueOrder } from '../review'

// The dashboard's review of AI product matches (issue 36): its answers' keys, general to specific,
// so that one decision can mark the queue, the recent decisions and the insights stale at once.
// Kept apart from the queries so the first screen's live updates can name them without the
// review's schemas.

/** A period of decisions: days (YYYY-MM-DD, UTC), both inclusive. */
export interface ReviewPeriod {
  from?: string | undefined
  to?: string | undefined
}

export interface CalibrationFilter extends ReviewPeriod {
  store_id?: string | undefined
  category?: string | undefined
}

export const reviewKeys = {
  all: ['review'] as const,
  queues: () => [...reviewKeys.all, 'queue'] as const,
  /** `order` null: the server's default (nearest the threshold when one is set, else oldest). */
  queue: (channelId: string, order: QueueOrder | null, belowFloor: boolean) =>
    [...reviewKeys.queues(), channelId, order, belowFloor] as const,
  /** What follows from decisions: the last ten, each video's ledger. */
  decisions: () => [...reviewKeys.all, 'decisions'] as const,
  recent: () => [...reviewKeys.decisions(), 'recent'] as const,
  videoLedger: (videoId: string) => [...reviewKeys.decisions(), 'video', videoId] as const,
  insights: () => [...reviewKeys.all, 'insights'] as const,
  calibration: (filter: CalibrationFilter) =>
    [...reviewKeys.insights(), 'calibration', filter] as const,
  reviewers: (period: ReviewPeriod) => [...reviewKeys.insights(), 'reviewers', period] as const,
  settings: () => [...reviewKeys.all, 'settings'] as const,
  keys: () => [...reviewKeys.all, 'keys'] as const,
}
