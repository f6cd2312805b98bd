import type * as z from 'zod'
import type { RuleDefinition, traceConditionSchema } from '../../../src/api/rules.ts'
import type { AuditRecord } from '../auth/audit-log.ts'
import type { Lease } from '../db/lease.ts'
import type { ServiceClient } from '../forwarding/service-client.ts'
import type { Notify } from '../notices/notices.ts'
import type { Log } from '../ops/logger.ts'
import type { RuleVideo } from './rule-facts.ts'
import type { RulesDb } from './rules-deps.ts'

export type TraceCondition = z.infer<typeof traceConditionSchema>

/** One video as the rules' conditions read it from the index; undefined if it holds none. */
export type ReadVideo = (videoId: string) => Promise<RuleVideo | undefined>

/**
 * A rule's conditions answered on one video as the index knows it (read by `read`, when given);
 * null if it knows none.
 */
export type EvaluateOnVideo = (
  definition: RuleDefinition,
  videoId: string,
  read?: ReadVideo,
) => Promise<{ matched: boolean; conditions: TraceCondition[] } | null>

/** The videos of a channel a rule's conditions match now (the schedule's library runs). */
export type MatchingVideos = (definition: RuleDefinition) => Promise<string[]>

export interface EngineOptions {
  /** How long a replica's hold on a run lasts without renewal; default 30 s. */
  leaseTtlMs: number
  /**
   * How long a replica counts as running after its last heartbeat (beating a third of it apart,
   * when it also takes over the runs and videos of one that stopped); default 6 s.
   */
  aliveTtlMs: number
  /** Attempts of one step before it fails; default 5. */
  maxAttempts: number
  /** First wait after a busy or failing answer without Retry-After (doubling); default 1 s. */
  backoffMs: number
  /** The engine's calls to the service in flight at once; default 4. */
  inFlight: number
  /** Applied runs of one rule on one video in an hour before it waits (a loop's last guard). */
  loopLimit: number
  /** How often to look for schedules due (and, again, runs a stopped replica left); 10 s. */
  sweepEveryMs: number
  /** Traces older than this are deleted; default 90 days. */
  keepMs: number
}

export const defaultEngineOptions: EngineOptions = {
  leaseTtlMs: 30_000,
  aliveTtlMs: 6_000,
  maxAttempts: 5,
  backoffMs: 1_000,
  inFlight: 4,
  loopLimit: 3,
  sweepEveryMs: 10_000,
  keepMs: 90 * 24 * 3_600_000,
}

/** What the engine is given by the composition root. */
export interface EngineDeps {
  db: RulesDb
  service: ServiceClient
  evaluate: EvaluateOnVideo
  readVideo: ReadVideo
  matching: MatchingVideos
  /** Leaves a notice (the notices area). */
  notify: Notify
  /** Records an entry in the audit log (a rule that paused itself). */
  audit: (entry: AuditRecord) => Promise<void>
  lease: (name: string, holder: string, ttlMs: number) => Lease
  log: Log
  options?: Partial<EngineOptions>
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** The engine's parts as each run sees them. */
export interface EngineContext extends Omit<EngineDeps, 'options' | 'now' | 'sleep'> {
  options: EngineOptions
  now: () => number
  sleep: (ms: number) => Promise<void>
  /** This replica, as it signs the runs it holds. */
  holder: string
  limit: <T>(call: () => Promise<T>) => Promise<T>
}
