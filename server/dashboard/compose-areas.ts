import { randomUUID } from 'node:crypto'
import type { createAccessControl } from './auth/access-control.ts'
import { defaultDashboardDb } from './db/database.ts'
import { createLease } from './db/lease.ts'
import type { createServiceClient, ServiceReader } from './forwarding/service-client.ts'
import { createCoverageRoutes } from './index/coverage-routes.ts'
import type { IndexHandlers } from './index/index-app.ts'
import type { IndexChanges } from './index/index-changes.ts'
import { createIndexRoutes } from './index/index-routes.ts'
import { createMerchIndex, type MerchIndex } from './index/merch-index.ts'
import { type IndexReads, openIndexReads } from './index/read-worker.ts'
import { createNotices } from './notices/notices.ts'
import type { NoticeTables } from './notices/tables.ts'
import type { Log } from './ops/logger.ts'
import type { DashboardOptions } from './options.ts'
import { type AutoAcceptEngine, createAutoAcceptEngine } from './review/auto-accept-engine.ts'
import type { ReviewDeps, ReviewTableMap } from './review/review-context.ts'
import { createRulesEngine, type RulesEngineRunning } from './rules/engine.ts'
import { conditionsOverIndex } from './rules/engine-conditions.ts'
import type { RulesDeps, RuleTableMap } from './rules/rules-deps.ts'
import { reconcileChange, webhookChange } from './rules/triggers.ts'

type ServiceClient = ReturnType<typeof createServiceClient>

export interface ServiceAreasInput {
  options: DashboardOptions
  access: Awaited<ReturnType<typeof createAccessControl>>
  review: ReviewDeps
  /** The review's client of the service (auto-accept writes through it). */
  reviewClient: ServiceClient
  reader: ServiceReader
  changes: IndexChanges
  log: Log
  /** A client of the service whose writes the index hears of. */
  client: () => ServiceClient
}

/**
 * What runs on the service once it is known and the index is kept: the index and its reads,
 * auto-accept's watch over matching jobs, and the rules, which hear what the index applied. The
 * rules' routes answer without an index too (they say it is off).
 */
export function startServiceAreas(input: ServiceAreasInput) {
  const { options, access, log } = input
  let autoAccept: AutoAcceptEngine | null = null
  let merchIndex: MerchIndex | null = null
  let indexReads: IndexReads | null = null
  let index: IndexHandlers | null = null
  let rulesEngine: RulesEngineRunning | null = null
  const notify = createNotices(access.db.withTables<NoticeTables>()).notify
  if (options.index) {
    // Auto-accept acts on the matching jobs the index learns of (decision 0022), on one
    // replica at a time.
    autoAccept = createAutoAcceptEngine({
      db: input.review.db,
      client: input.reviewClient,
      lists: input.review.lists,
      lease: createLease(access.db, 'review-auto-accept', randomUUID(), { ttlMs: 20_000 }),
      audit: (entry) => access.audit.record(entry),
      notify,
      log,
      ...options.review?.autoAccept,
    })
    autoAccept.start()
    merchIndex = createMerchIndex({
      db: access.db,
      reader: input.reader,
      log,
      changes: input.changes,
      ...options.index,
    })
    // The index's answers read off the event loop (decision 0019).
    indexReads = openIndexReads(
      { sqlitePath: options.dashboardDb ?? defaultDashboardDb, databaseUrl: options.databaseUrl },
      access.db,
    )
    index = {
      ...createIndexRoutes(access.db, merchIndex, input.reader, { reads: indexReads.db }),
      coverage: createCoverageRoutes(indexReads.db),
    }
    merchIndex.start()
  }
  const rulesDeps: RulesDeps = {
    db: access.db.withTables<RuleTableMap>(),
    reads: indexReads?.db ?? access.db,
    postgres: /^postgres(ql)?:\/\//.test(options.databaseUrl ?? ''),
    service: input.client(),
    // Suggestions are the review's: the rules read the ones waiting for a person.
    pendingSuggestions: (db) =>
      db
        .withTables<ReviewTableMap>()
        .selectFrom('review_suggestions')
        .select(['video_id', 'score'])
        .where('status', '=', 'pending'),
    indexed: Boolean(options.index),
    engine: null,
  }
  if (options.index) {
    // The rules run on what the index applied (decision 0024), once across replicas.
    const engine = createRulesEngine({
      db: rulesDeps.db,
      service: rulesDeps.service,
      ...conditionsOverIndex(rulesDeps),
      notify,
      audit: (entry) => access.audit.record(entry),
      lease: (name, holder, ttlMs) => createLease(access.db, name, holder, { ttlMs }),
      log,
      ...(options.rules ? { options: options.rules } : {}),
    })
    input.changes.onNews((news) => {
      const change =
        news.kind === 'webhook'
          ? webhookChange(news.event, news.key)
          : reconcileChange(news.videoId, news.sourceAt, news.created)
      // Not caught here: a webhook whose runs could not be claimed is answered 503.
      return engine.hear(change)
    })
    rulesDeps.engine = engine
    rulesEngine = engine
    engine.start()
  }
  return { autoAccept, merchIndex, indexReads, index, rulesDeps, rulesEngine }
}
