import type { Kysely, Migration } from 'kysely'

/** A rule as it stands; its history is in rule_versions. */
export interface RuleTable {
  id: string
  channel_id: string
  name: string
  /** The definition as JSON (ruleDefinitionSchema in src/api/rules.ts). */
  definition: string
  /** The trigger's type, for finding the rules an event wakes without parsing every definition. */
  trigger: string
  priority: number
  enabled: number
  version: number
  /** JSON `{at, reason}` when the rule paused itself. */
  paused: string | null
  author_id: string
  created_at: string
  updated_at: string
  updated_by: string
  deleted_at: string | null
}

/** Every saved state of a rule: who, when, what changed; a revert writes a new version. */
export interface RuleVersionTable {
  rule_id: string
  version: number
  definition: string
  enabled: number
  /** JSON array of the changes in words. */
  changes: string
  changed_at: string
  changed_by: string
}

export interface RuleFollowerTable {
  rule_id: string
  account_id: string
}

/**
 * One run of a rule on one video (or over the library), with its trace. `claim_key` is unique:
 * the rule and the event it answers, so a redelivered event or a second replica cannot act twice.
 */
export interface RuleRunTable {
  id: string
  rule_id: string
  rule_version: number
  video_id: string | null
  claim_key: string
  /** JSON `{kind, at, detail}`, and the event's data for a retry. */
  cause: string
  event: string | null
  outcome: 'running' | 'applied' | 'no_match' | 'failed' | 'partly_failed' | 'skipped'
  /** JSON array of conditions with their values and results. */
  conditions: string
  started_at: string
  started_ms: number
  finished_at: string | null
  /** The replica running it, and until when its claim holds (a stopped replica's runs resume). */
  holder: string | null
  lease_until: number | null
}

/** One action of a run: its state, attempts and every call made for it. */
export interface RuleStepTable {
  run_id: string
  position: number
  action: string
  state: 'pending' | 'applied' | 'failed' | 'skipped'
  note: string | null
  /** JSON array of calls (method, path, status, answer, at, attempt). */
  calls: string
  attempts: number
  next_attempt_ms: number | null
}

/** Why a video is where it is: the latest run that put it in a playlist or tagged a product. */
export interface RulePlacementTable {
  video_id: string
  /** `playlist:<id>` or `product:<id>`. */
  target: string
  rule_id: string
  run_id: string
  /** JSON array of the conditions that held, in words. */
  because: string
  at: string
}

export interface RuleTables {
  rules: RuleTable
  rule_versions: RuleVersionTable
  rule_followers: RuleFollowerTable
  rule_runs: RuleRunTable
  rule_steps: RuleStepTable
  rule_placements: RulePlacementTable
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was then
type AnyDb = Kysely<any>

export const rulesMigrations = (_postgres: boolean): Record<string, Migration> => ({
  '0012_rules': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('rules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('paused', 'text')
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute()
      await db.schema
        .createIndex('rules_trigger')
        .on('rules')
        .columns(['channel_id', 'trigger', 'enabled'])
        .execute()
      await db.schema
        .createTable('rule_versions')
        .addColumn('rule_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_versions_pk', ['rule_id', 'version'])
        .execute()
      await db.schema
        .createTable('rule_followers')
        .addColumn('rule_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_followers_pk', ['rule_id', 'account_id'])
        .execute()
      await db.schema
        .createTable('rule_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('rule_id', 'text', (c) => c.notNull())
        .addColumn('rule_version', 'integer', (c) => c.notNull())
        .addColumn('video_id', 'text')
        .addColumn('claim_key', 'text', (c) => c.notNull().unique())
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('event', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('started_ms', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('holder', 'text')
        .addColumn('lease_until', 'bigint')
        .execute()
      await db.schema
        .createIndex('rule_runs_rule')
        .on('rule_runs')
        .columns(['rule_id', 'started_ms'])
        .execute()
      await db.schema
        .createIndex('rule_runs_video')
        .on('rule_runs')
        .columns(['video_id', 'started_ms'])
        .execute()
      await db.schema
        .createIndex('rule_runs_started')
        .on('rule_runs')
        .columns(['started_ms'])
        .execute()
      await db.schema
        .createTable('rule_steps')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('calls', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_ms', 'bigint')
        .addPrimaryKeyConstraint('rule_steps_pk', ['run_id', 'position'])
        .execute()
      await db.schema
        .createIndex('rule_steps_due')
        .on('rule_steps')
        .columns(['state', 'next_attempt_ms'])
        .execute()
      await db.schema
        .createTable('rule_placements')
        .addColumn('video_id', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('rule_id', 'text', (c) => c.notNull())
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('because', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_placements_pk', ['video_id', 'target'])
        .execute()
    },
  },
  // Every sweep (each 10 s, on every replica) asks for the running runs whose lease ran out: with
  // 90 days of traces kept, without this it read every run.
  '0014_rule_run_leases': {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('rule_runs_lease')
        .on('rule_runs')
        .columns(['outcome', 'lease_until'])
        .execute()
    },
  },
})
