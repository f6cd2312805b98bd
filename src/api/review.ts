import * as z from 'zod/mini'
import { queueOrders } from './review-orders'

// The dashboard's review of AI product matches (issue 36, decision 0022), answered by the
// dashboard server at /api/dashboard/review/*. Not part of the service's contract, so its answers
// are checked here; the server builds them to these same types.

export const decisionValues = ['accepted', 'rejected'] as const
const decision = z.enum(decisionValues)
export type ReviewDecision = (typeof decisionValues)[number]

export { type QueueOrder, queueOrders } from './review-orders'

/** `POST /api/dashboard/review/videos/:id/decisions`: one video's decisions, as a person made them. */
export const decisionsSubmitSchema = z.object({
  decisions: z
    .array(
      z.object({
        match_id: z.string().check(z.minLength(1), z.maxLength(100)),
        decision,
        /** From the suggestion being shown to the reviewer to its decision. */
        ms_taken: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(3_600_000))),
        /** False for a suggestion the reviewer never looked at (rejected by the replacement rule). */
        seen: z.boolean(),
      }),
    )
    .check(z.minLength(1), z.maxLength(200)),
})
export type DecisionsSubmit = z.infer<typeof decisionsSubmitSchema>

export const decisionsAnswerSchema = z.object({
  batch_id: z.string(),
  /** True when every suggestion was rejected: the dashboard's queue leaves the video, the service keeps them pending. */
  dismissed: z.boolean(),
})

/** `PUT /api/dashboard/review/decisions/:id`: one of one's own last ten, decided again. */
export const decisionChangeSchema = z.object({ decision })

/** `POST /api/dashboard/review/batches/:id/undo`: how many of the batch's decisions were undone. */
export const batchUndoAnswerSchema = z.object({ batch_id: z.string(), undone: z.number() })

/** `POST /api/dashboard/review/disagreements/:videoId/settle`: the products the admin accepts. */
export const settleSchema = z.object({
  product_ids: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(200)),
})

export const reviewQueueVideoSchema = z.object({
  id: z.string(),
  caption: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  product_ids: z.array(z.string()),
  /** Suggestions waiting, those below the floor left out unless asked for. */
  pending: z.number(),
  top_score: z.nullable(z.number()),
  /** How far its nearest suggestion is from the threshold (null without a threshold). */
  nearest: z.nullable(z.number()),
  /** What auto-accept would decide, by match id, for the sure ones (never on audited videos). */
  premarks: z.record(z.string(), decision),
  /**
   * A second, independent review (the person is not told): its suggestions were decided already,
   * so show them all as undecided, whatever their state at the service.
   */
  second: z.boolean(),
})
export type ReviewQueueVideo = z.infer<typeof reviewQueueVideoSchema>

export const reviewQueueAnswerSchema = z.object({
  videos: z.array(reviewQueueVideoSchema),
  order: z.enum(queueOrders),
  threshold: z.nullable(z.number()),
  floor: z.nullable(z.number()),
  /** Suggestions below the floor not listed (0 when they are asked for). */
  hidden_below_floor: z.number(),
  /** Whether the service's `has_pending_matches` filter is honoured (issue 21). */
  filter: z.boolean(),
})
export type ReviewQueueAnswer = z.infer<typeof reviewQueueAnswerSchema>

export const decisionSourceValues = [
  'person',
  'audit',
  'second',
  'auto',
  'floor',
  'external',
] as const

/** One suggestion decided, as the ledger shows it. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  batch_id: z.string(),
  video_id: z.string(),
  match_id: z.string(),
  product_id: z.string(),
  score: z.number(),
  rank: z.number(),
  decision,
  source: z.enum(decisionSourceValues),
  reviewer_email: z.nullable(z.string()),
  decided_at: z.string(),
  undone_at: z.nullable(z.string()),
})
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>

/** `GET /api/dashboard/review/recent`: one's own last ten decisions, still changeable. */
export const recentDecisionsSchema = z.object({
  decisions: z.array(ledgerEntrySchema),
})

/** `GET /api/dashboard/review/videos/:id/ledger`: every decision on a video, newest first. */
export const videoLedgerSchema = z.object({ decisions: z.array(ledgerEntrySchema) })

const band = z.object({
  /** 0 to 9: scores 0–9, 10–19, …, 90–100. */
  band: z.number(),
  decisions: z.number(),
  accepted: z.number(),
  /** Accepted share, with its Wilson 95% interval; null without decisions. */
  share: z.nullable(z.number()),
  low: z.nullable(z.number()),
  high: z.nullable(z.number()),
  /** Fewer decisions than `sparse_below`: shown greyed. */
  sparse: z.boolean(),
})

/** `GET /api/dashboard/review/calibration`: the team's counted decisions by score. */
export const calibrationSchema = z.object({
  decisions: z.number(),
  bands: z.array(band),
  /** Decisions and acceptances at each score that has any, for the threshold picker. */
  scores: z.array(z.object({ score: z.number(), decisions: z.number(), accepted: z.number() })),
  sparse_below: z.number(),
  /** The team's measured pace: the median over the slice's latest 1,000 decisions. */
  pace: z.object({ median_seconds: z.nullable(z.number()) }),
  /** When the first and last of these decisions were made: the period the picker's savings cover. */
  period: z.object({ first: z.nullable(z.string()), last: z.nullable(z.string()) }),
  slices: z.object({
    stores: z.array(z.object({ id: z.string(), name: z.nullable(z.string()) })),
    categories: z.array(z.string()),
  }),
})
export type Calibration = z.infer<typeof calibrationSchema>

/** The team's auto-accept (admins change it). */
export const autoAcceptChangeSchema = z.object({
  enabled: z.boolean(),
  /** Precision to hold, 0.5 to 0.999 (default 0.95). */
  target: z.number().check(z.minimum(0.5), z.maximum(0.999)),
  threshold: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
  floor: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
})
export type AutoAcceptChange = z.infer<typeof autoAcceptChangeSchema>

/**
 * `GET /api/dashboard/review/settings?threshold=&target=`: the eligibility is judged at these
 * (the picker's threshold, the target being typed) rather than at the saved ones.
 */
export const autoAcceptEligibilityAt = z.object({
  threshold: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
  target: z.optional(z.coerce.number().check(z.minimum(0.5), z.maximum(0.999))),
})
export type AutoAcceptEligibilityAt = z.infer<typeof autoAcceptEligibilityAt>

export const autoAcceptSettingsSchema = z.object({
  ...autoAcceptChangeSchema.shape,
  /** Set when auto-accept paused itself; cleared when an admin turns it on again. */
  paused: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
  /** Whether the team's decisions support turning it on at this threshold and target, and why not. */
  eligibility: z.object({
    eligible: z.boolean(),
    decisions: z.number(),
    accepted: z.number(),
    lower_bound: z.nullable(z.number()),
    reason: z.nullable(z.string()),
  }),
  /** The blind audit so far: decisions on suggestions auto-accept would have accepted. */
  audit: z.object({
    decisions: z.number(),
    accepted: z.number(),
    lower_bound: z.nullable(z.number()),
  }),
})
export type AutoAcceptSettings = z.infer<typeof autoAcceptSettingsSchema>

const sideOfPair = z.object({ email: z.string(), accepted: z.array(z.string()) })

/** `GET /api/dashboard/review/reviewers`: pace, undo rate and agreement. */
export const reviewersSchema = z.object({
  reviewers: z.array(
    z.object({
      account_id: z.string(),
      email: z.string(),
      decisions: z.number(),
      per_minute: z.nullable(z.number()),
      median_seconds: z.nullable(z.number()),
      undo_rate: z.nullable(z.number()),
    }),
  ),
  agreement: z.object({
    /** Suggestions decided by two people. */
    pairs: z.number(),
    /** 0 to 100. */
    percent: z.nullable(z.number()),
    kappa: z.nullable(z.number()),
  }),
  disagreements: z.array(
    z.object({
      video_id: z.string(),
      caption: z.nullable(z.string()),
      first: sideOfPair,
      second: sideOfPair,
    }),
  ),
})
export type Reviewers = z.infer<typeof reviewersSchema>

/** The review's actions a person can put on keys of their own. */
export const reviewActions = [
  'accept',
  'reject',
  'next',
  'previous',
  'undo',
  'acceptRemaining',
  'submit',
] as const
export type ReviewAction = (typeof reviewActions)[number]

/** Each action's physical key (`KeyboardEvent.code`, with `Shift+` for a shifted one). */
export const keyMapSchema = z.object({
  keys: z.record(z.enum(reviewActions), z.string().check(z.minLength(1), z.maxLength(40))),
})
export type KeyMap = z.infer<typeof keyMapSchema>['keys']

export const defaultKeyMap: KeyMap = {
  accept: 'KeyA',
  reject: 'KeyX',
  next: 'KeyJ',
  previous: 'KeyK',
  undo: 'KeyU',
  acceptRemaining: 'Shift+KeyA',
  submit: 'Enter',
}

/** The Wilson score interval (95%, z = 1.96) of `accepted` out of `decisions`. */
export function wilson(accepted: number, decisions: number, z95 = 1.96) {
  if (decisions <= 0) return null
  const p = accepted / decisions
  const z2 = z95 * z95
  const centre = p + z2 / (2 * decisions)
  const spread = z95 * Math.sqrt((p * (1 - p)) / decisions + z2 / (4 * decisions * decisions))
  const scale = 1 + z2 / decisions
  return {
    low: Math.max(0, (centre - spread) / scale),
    high: Math.min(1, (centre + spread) / scale),
  }
}

/** A score's 10-point band: 0–9 is 0, …, 90–100 is 9. */
export const bandOf = (score: number) => Math.min(9, Math.max(0, Math.floor(score / 10)))
