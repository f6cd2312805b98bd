import type { AliasableExpression, Kysely } from 'kysely'
import type { RuleDefinition } from '../../../src/api/rules.ts'
import type { Principal } from '../auth/sign-in-routes.ts'
import type { DashboardTables } from '../db/database.ts'
import type { ServiceClient } from '../forwarding/service-client.ts'
import type { RuleTables } from './tables.ts'

/** The rules' tables as `withTables` takes them (a mapped type has the index signature it wants). */
export type RuleTableMap = { [T in keyof RuleTables]: RuleTables[T] }

/** The dashboard's tables with the rules' own. */
export type RulesDb = Kysely<DashboardTables & RuleTableMap>

/**
 * The AI's suggestions waiting for a person, one row per suggestion with its score: kept by the
 * review area, so the composition root says where (this area imports no other).
 */
export type PendingSuggestions = (
  db: Kysely<DashboardTables>,
) => AliasableExpression<{ video_id: string; score: number }>

/** A rule as stored, with its definition read (what the engine and the checker work on). */
export interface StoredRule {
  id: string
  version: number
  enabled: boolean
  author_id: string
  definition: RuleDefinition
}

/** The engine (R-B's part): runs a rule now, as someone, on some videos. */
export interface RulesEngine {
  /**
   * Runs `rule` over `videoIds` now (a dry run applied, or "run now"), on behalf of `person`;
   * resolves once the runs are claimed and recorded (their steps may still be under way).
   */
  runOver(
    rule: StoredRule,
    videoIds: readonly string[],
    person: Principal,
  ): Promise<{ runs: number }>
  /**
   * Tries a finished run's failed steps again, with its event's data; false when it has none
   * or is being tried already.
   */
  retry(runId: string, person: Principal): Promise<boolean>
}

/** What the rules area is given once the service is known. */
export interface RulesDeps {
  db: RulesDb
  /** Where long reads of the index go (its read threads on SQLite; `db` on PostgreSQL). */
  reads: Kysely<DashboardTables>
  postgres: boolean
  service: ServiceClient
  pendingSuggestions: PendingSuggestions
  /** Whether the index runs here: without it, conditions have nothing to read. */
  indexed: boolean
  /** Null until the engine is composed. */
  engine: RulesEngine | null
}
