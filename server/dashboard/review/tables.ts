import type { Generated, Kysely, Migration } from 'kysely'

/** How a decision was made (decision 0022). */
export const decisionSources = ['person', 'audit', 'second', 'auto', 'floor', 'external'] as const
export type DecisionSource = (typeof decisionSources)[number]

/**
 * One suggestion decided, as the ledger keeps it: a change or an undo marks the row undone and,
 * for a change, adds a new one, so what happened stays readable.
 */
export interface ReviewDecisionTable {
  seq: Generated<number>
  id: string
  /** The decisions sent together (one submit, one settle); an undo names it. */
  batch_id: string
  video_id: string
  channel_id: string | null
  match_id: string
  product_id: string
  store_id: string | null
  category: string | null
  /** The suggestion's `matching_score`, and its 10-point band (0 to 9; 100 is in band 9). */
  score: number
  band: number
  /** 1 for the video's highest-scored suggestion. */
  rank: number
  decision: 'accepted' | 'rejected'
  source: DecisionSource
  /** 1 when the reviewer saw the suggestion; a rejection by the replacement rule alone is 0. */
  seen: number
  reviewer_id: string | null
  reviewer_email: string | null
  /** From the suggestion being shown to its decision, when a person decided it. */
  ms_taken: number | null
  /**
   * For an acceptance: 1 when it added the product to the video's tags, 0 when the video had it
   * already (an undo takes off only what the review added).
   */
  added_tag: number | null
  decided_at: string
  /** `decided_at` in ms, for ranges and rates. */
  decided_ms: number
  undone_at: string | null
  undone_by: string | null
}

/** What the dashboard last read of a video's suggestions (the queue's order, auto-accept). */
export interface ReviewSuggestionTable {
  video_id: string
  match_id: string
  product_id: string
  store_id: string | null
  category: string | null
  score: number
  status: 'pending' | 'accepted' | 'rejected'
  read_at: number
}

/** The dashboard's own state of a video in review, beside the service's match states. */
export interface ReviewVideoTable {
  video_id: string
  channel_id: string | null
  /**
   * `waiting` for a person; `settled` by auto-accept; `dismissed`: people rejected every
   * suggestion, which the service's accept cannot send, so the dashboard's queue leaves it.
   */
  state: 'waiting' | 'settled' | 'dismissed'
  /** 1: in the blind audit sample (a person decides what the machine could have). */
  audit: number
  /** JSON object of match id to the decision auto-accept would make (non-audit videos only). */
  premarks: string | null
  /** Sampled for a second, independent review: the first reviewer's account id, once reviewed. */
  second_of: string | null
  /** 1 while a second review is wanted. */
  wants_second: number
  updated_at: string
}

/** Each person's review keys: action to `KeyboardEvent.code`, as JSON. */
export interface ReviewKeyMapTable {
  account_id: string
  keys: string
  updated_at: string
}

/**
 * Auto-accept's watch over matching jobs: what it last read of each video's match list, so that
 * it acts once on each job's output, whoever else reads the list first.
 */
export interface ReviewWatchTable {
  video_id: string
  /** The match list's `status` when last read. */
  status: 'none' | 'in_progress' | 'completed' | 'failed'
  /** When auto-accept last read the list (ms). */
  looked_ms: number
  /** The newest `updated_at` among the matches it has handled (the service's time), or null. */
  handled_through: string | null
}

export interface ReviewTables {
  review_decisions: ReviewDecisionTable
  review_suggestions: ReviewSuggestionTable
  review_videos: ReviewVideoTable
  review_key_maps: ReviewKeyMapTable
  review_watch: ReviewWatchTable
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then
type AnyDb = Kysely<any>

export const reviewMigrations = (postgres: boolean): Record<string, Migration> => ({
  '0010_review_ledger': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('review_decisions')
        .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('video_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text')
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('store_id', 'text')
        .addColumn('category', 'text')
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('band', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('seen', 'integer', (c) => c.notNull())
        .addColumn('reviewer_id', 'text')
        .addColumn('reviewer_email', 'text')
        .addColumn('ms_taken', 'integer')
        .addColumn('added_tag', 'integer')
        .addColumn('decided_at', 'text', (c) => c.notNull())
        .addColumn('decided_ms', 'bigint', (c) => c.notNull())
        .addColumn('undone_at', 'text')
        .addColumn('undone_by', 'text')
        .execute()
      await db.schema
        .createIndex('review_decisions_video')
        .on('review_decisions')
        .columns(['video_id', 'seq'])
        .execute()
      await db.schema
        .createIndex('review_decisions_reviewer')
        .on('review_decisions')
        .columns(['reviewer_id', 'decided_ms'])
        .execute()
      await db.schema
        .createIndex('review_decisions_batch')
        .on('review_decisions')
        .column('batch_id')
        .execute()
      // Calibration and auto-accept count the standing, seen decisions by score (a range from a
      // threshold, or grouped in the index's order), by source, store, category and time: every
      // column they read is here, so they never touch the table.
      await db.schema
        .createIndex('review_decisions_calibration')
        .on('review_decisions')
        .columns([
          'seen',
          'undone_at',
          'score',
          'decision',
          'source',
          'store_id',
          'category',
          'decided_ms',
          'ms_taken',
        ])
        .execute()
      await db.schema
        .createTable('review_suggestions')
        .addColumn('video_id', 'text', (c) => c.notNull())
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('store_id', 'text')
        .addColumn('category', 'text')
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('review_suggestions_pk', ['video_id', 'match_id'])
        .execute()
      await db.schema
        .createTable('review_videos')
        .addColumn('video_id', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('audit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('premarks', 'text')
        .addColumn('second_of', 'text')
        .addColumn('wants_second', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('review_key_maps')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('keys', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('review_watch')
        .addColumn('video_id', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('looked_ms', 'bigint', (c) => c.notNull())
        .addColumn('handled_through', 'text')
        .execute()
      await db.schema
        .createIndex('review_watch_status')
        .on('review_watch')
        .columns(['status', 'looked_ms'])
        .execute()
    },
  },
})
