import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Video } from '../../src/api/generated/types.gen.ts'
import type { ServiceEvent } from '../../src/api/service-event.ts'
import { startSandbox } from '../sandbox/start.ts'
import { areaMigrations } from './areas.ts'
import { createAccessControl } from './auth/access-control.ts'
import { reachedOverHttps } from './auth/request-checks.ts'
import { DashboardConfigError } from './config-error.ts'
import { defaultDashboardDb } from './db/database.ts'
import { createLease } from './db/lease.ts'
import { createApiForwarder } from './forwarding/api-forwarder.ts'
import { createServiceClient, type ServiceReader } from './forwarding/service-client.ts'
import { createServiceTokens, type ServiceTokens } from './forwarding/service-tokens.ts'
import { createUpstreamAgents } from './forwarding/upstream-request.ts'
import { createDevApp, type DevApp } from './http/dev-app.ts'
import { isLoopbackHost } from './http/host-check.ts'
import { appContentSecurityPolicy, remoteOrigins, sandboxOrigins } from './http/security-headers.ts'
import { createServerRender } from './http/server-render.ts'
import { createStaticApp } from './http/static-app.ts'
import { createCoverageRoutes } from './index/coverage-routes.ts'
import { createIndexChanges } from './index/index-changes.ts'
import { createIndexRoutes } from './index/index-routes.ts'
import { createMerchIndex, type MerchIndex } from './index/merch-index.ts'
import { ownWritesObserver } from './index/own-writes.ts'
import { type IndexReads, openIndexReads } from './index/read-worker.ts'
import { createReviewQueue } from './index/review-queue.ts'
import { pendingVideos, reviewQueueRoute } from './index/review-queue-route.ts'
import { createMemoryLedger, dedupKey } from './live/dedup.ts'
import { createEventHub } from './live/event-hub.ts'
import { connectRedisLive } from './live/redis-live.ts'
import { createVideoReread } from './live/reread-video.ts'
import { endStreamsWithSessions } from './live/session-ends.ts'
import { createSessionStreams } from './live/session-streams.ts'
import { createWebhookReceiver } from './live/webhook-receiver.ts'
import { createNotices } from './notices/notices.ts'
import type { NoticeTables } from './notices/tables.ts'
import { createLogger, warningLog } from './ops/logger.ts'
import { createMetrics, observeUpstream } from './ops/metrics.ts'
import { createReadiness } from './ops/readiness.ts'
import type { DashboardOptions } from './options.ts'
import { type AutoAcceptEngine, createAutoAcceptEngine } from './review/auto-accept-engine.ts'
import { createMatchLists } from './review/match-lists.ts'
import type { ReviewDeps, ReviewService, ReviewTableMap } from './review/review-context.ts'
import { createRoutes, type IndexHandlers } from './routes.ts'
import { createRulesEngine, type RulesEngineRunning } from './rules/engine.ts'
import { conditionsOverIndex } from './rules/engine-conditions.ts'
import type { RulesDeps, RuleTableMap } from './rules/rules-deps.ts'
import { reconcileChange, webhookChange } from './rules/triggers.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const demoClient = { clientId: 'demo', clientSecret: 'demo-secret' }
/** Bodies up to this size are held in memory so a request can be replayed after a 401. */
const replayLimitBytes = 1024 * 1024

/** What exists only once the service is known: the embedded sandbox starts after we listen. */
interface ServiceSide {
  serviceBaseUrl: string
  forward: ReturnType<typeof createApiForwarder>
  tokens: ServiceTokens
  appPolicy: string
  /** Where the service's pictures and videos come from, as far as it is known. */
  mediaOrigins: string[]
  health: { status: string; service: string }
  index: IndexHandlers | null
  reviewQueue: (req: IncomingMessage, res: ServerResponse, url: URL) => unknown
}

/**
 * The dashboard's parts, built from its options: live updates, access control, the app's files
 * and, once the server listens (the embedded sandbox sends its webhooks there), the service.
 */
export async function composeDashboard(options: DashboardOptions, server: Server) {
  const logger = createLogger({ level: options.logLevel ?? 'info', write: options.log })
  // auth/ and live/ report what went wrong as warnings: a message and its fields.
  const log = warningLog(logger)
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHost(host)
  if (options.mode === 'development' && !loopbackOnly) {
    throw new DashboardConfigError(
      `--dev serves the repository's files, the account database included, to anyone who asks, so it runs only on loopback: leave DASHBOARD_HOST unset, or use npm start to listen on ${host}`,
    )
  }
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null
  if (!loopbackOnly && !publicOrigin) {
    throw new DashboardConfigError(
      `Listening on ${host} needs DASHBOARD_PUBLIC_URL, the address people open (such as https://videos.example.com): requests for any other host are refused`,
    )
  }
  const trustProxy = options.trustProxy ?? false
  if (publicOrigin?.startsWith('https:') && !trustProxy) {
    logger.warn(
      "DASHBOARD_PUBLIC_URL is https but TRUST_PROXY is unset: cookies are Secure and HSTS is sent, but sign-in limits count the proxy's address rather than each browser's. Set TRUST_PROXY=1 when a proxy in front sets X-Forwarded-For.",
    )
  }
  const distDir = options.distDir ?? join(repoRoot, 'dist')
  const serveStatic = options.mode === 'production' ? await createStaticApp(distDir) : null

  const secrets = options.webhookSecrets?.length
    ? options.webhookSecrets
    : options.service
      ? []
      : [randomBytes(24).toString('base64url')]
  const hub = createEventHub({
    log,
    ...(options.maxStreamsPerAccount ? { maxStreamsPerAccount: options.maxStreamsPerAccount } : {}),
  })
  const metrics = createMetrics({ sseClients: () => hub.clientCount })
  const serverRender =
    options.mode === 'production'
      ? await createServerRender({
          distDir,
          ssrDir: options.serverRenderDir ?? `${distDir}-ssr`,
          loopbackOrigin: () => {
            const address = server.address()
            return address && typeof address === 'object'
              ? `http://${loopbackHostFor(host)}:${address.port}`
              : null
          },
          onOutcome: (outcome) => metrics.serverRenders.inc({ outcome }),
          onError: (error) => logger.error({ err: error }, 'a server render failed'),
        })
      : null
  const redis = options.redisUrl
    ? await connectRedisLive(options.redisUrl, {
        onEvent: (event) => hub.publish('service', event),
        onStreamEnd: (which) => hub.endStreams(which),
        log,
      })
    : null
  // The merchandising index, once the service is known (its reads need the service's token).
  let merchIndex: MerchIndex | null = null
  let indexReads: IndexReads | null = null
  // The dashboard's own reads of the service, once it is known.
  let serviceReader: ServiceReader | null = null
  // The match review's side of the service (its writes, the index's pending videos), once known.
  let reviewService: ReviewService | null = null
  // Auto-accept's watch over matching jobs, once the service is known and with the index.
  let autoAccept: AutoAcceptEngine | null = null
  // The merchandising rules' parts, once the service is known.
  let rulesDeps: RulesDeps | null = null
  let rulesEngine: RulesEngineRunning | null = null
  const publish = async (event: ServiceEvent) => {
    if (redis) await redis.publish(event)
    else hub.publish('service', event)
  }
  const receiveWebhook = createWebhookReceiver({
    secrets,
    ledger: redis?.ledger ?? createMemoryLedger(),
    apply: async (event) => {
      // Into the index first: if the database cannot take it, the service delivers it again.
      await merchIndex?.applyEvent(event, dedupKey(event))
      await publish(event)
    },
    reread: createVideoReread({
      read: async (id) => {
        if (!serviceReader) throw new Error('not connected to the service yet')
        return serviceReader.get<Video>(`/api/v1/videos/${encodeURIComponent(id)}`)
      },
      index: () => merchIndex,
      publish,
      log,
    }),
    onDuplicate: () => metrics.webhooksDuplicate.inc(),
    onUnreadable: () => metrics.webhooksUnreadable.inc(),
    log,
  })
  const access = await createAccessControl(
    {
      sqlitePath: options.dashboardDb ?? defaultDashboardDb,
      areas: areaMigrations,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
      trustProxy,
      publicOrigin,
      loopback: loopbackOnly,
      ...(options.oidc ? { oidc: options.oidc } : {}),
      ...(options.signInThrottle ? { signInThrottle: options.signInThrottle } : {}),
      ...(options.sessionLifetimes ? { sessionLifetimes: options.sessionLifetimes } : {}),
      // A session that ends ends its open event streams, on every replica.
      watchSessions: (sessions) =>
        endStreamsWithSessions(sessions, {
          endStreams: (which) => hub.endStreams(which),
          ...(redis ? { announce: (which) => redis.announceStreamEnd(which) } : {}),
          log,
        }),
    },
    log,
  )
  const streams = createSessionStreams({ hub, sessions: access.sessions, log })
  const reviewDb = access.db.withTables<ReviewTableMap>()
  // The match review: its routes, the index's rechecks and auto-accept share one view of the lists.
  const review: ReviewDeps = {
    db: reviewDb,
    log,
    lists: createMatchLists({ db: reviewDb, log }),
    service: () => reviewService,
    random: options.review?.random ?? Math.random,
    // Counting a long ledger holds no request up: the index's read threads, once open, read it.
    reads: () => (indexReads ? indexReads.db.withTables<ReviewTableMap>() : reviewDb),
  }
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000
  const agents = createUpstreamAgents()
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null
  let dev: DevApp | null = null
  let service: ServiceSide | null = null

  async function connectService(port: number): Promise<ServiceSide> {
    sandbox = options.service
      ? null
      : await startSandbox({
          ...options.sandbox,
          // Off loopback, people elsewhere give the sandbox addresses to fetch: never internal ones.
          blockPrivateUrls: options.sandbox?.blockPrivateUrls ?? !loopbackOnly,
          port: options.sandbox?.port ?? 4010,
          // The sandbox reports only what went wrong.
          log: options.sandbox?.log ?? warningLog(logger.child({ component: 'sandbox' })),
          ...(options.sandbox?.webhookUrl
            ? {}
            : {
                webhookUrl: `http://${loopbackHostFor(host)}:${port}/webhooks/service`,
                webhookSecret: secrets[0],
              }),
        })
    const credentials = options.service ?? { baseUrl: sandbox?.url ?? '', ...demoClient }
    const serviceBaseUrl = credentials.baseUrl.replace(/\/+$/, '')
    const tokens = createServiceTokens(credentials, {
      timeoutMs,
      onRequest: (outcome) => {
        metrics.tokenRefreshes.inc()
        if (outcome === 'failed') metrics.tokenRefreshFailures.inc()
      },
    })
    const origins = sandbox
      ? sandboxOrigins(sandbox.url, options.sandbox?.s3?.endpoint)
      : remoteOrigins(serviceBaseUrl, options.storageOrigins)
    // What the index's answers keep is told of each change, the dashboard's own writes included.
    const indexChanges = createIndexChanges()
    const ownWrites = options.index ? ownWritesObserver(access.db, log, indexChanges) : undefined
    service = {
      serviceBaseUrl,
      tokens,
      forward: createApiForwarder({
        serviceBaseUrl,
        tokens,
        agents,
        timeoutMs,
        replayLimitBytes,
        logger,
        upstream: observeUpstream(metrics),
        ...(ownWrites ? { answers: ownWrites } : {}),
      }),
      appPolicy: appContentSecurityPolicy(options.mode, origins),
      mediaOrigins: origins.media.filter((source) => source.includes('//')),
      health: { status: 'ok', service: sandbox ? 'sandbox' : 'remote' },
      index: null,
      reviewQueue: () => Promise.reject(new Error('not connected yet')),
    }
    const reader = createServiceClient(serviceBaseUrl, tokens, { timeoutMs })
    serviceReader = reader
    const reviewQueue = createReviewQueue({
      db: access.db,
      reader,
      log,
      indexed: Boolean(options.index),
      onMatchList: (videoId, list, readAt) => review.lists.note(videoId, list, readAt),
    })
    service.reviewQueue = reviewQueueRoute(reviewQueue)
    reviewService = {
      // The review's writes tell the index what they changed, as the forwarder's do.
      client: createServiceClient(serviceBaseUrl, tokens, {
        timeoutMs,
        ...(ownWrites ? { answers: ownWrites } : {}),
      }),
      pending: pendingVideos(reviewQueue),
    }
    if (options.index) {
      // Auto-accept acts on the matching jobs the index learns of (decision 0022), on one
      // replica at a time.
      autoAccept = createAutoAcceptEngine({
        db: reviewDb,
        client: reviewService.client,
        lists: review.lists,
        lease: createLease(access.db, 'review-auto-accept', randomUUID(), { ttlMs: 20_000 }),
        audit: (entry) => access.audit.record(entry),
        notify: createNotices(access.db.withTables<NoticeTables>()).notify,
        log,
        ...options.review?.autoAccept,
      })
      autoAccept.start()
      merchIndex = createMerchIndex({
        db: access.db,
        reader,
        log,
        changes: indexChanges,
        ...options.index,
      })
      // The index's answers read off the event loop (decision 0019).
      indexReads = openIndexReads(
        { sqlitePath: options.dashboardDb ?? defaultDashboardDb, databaseUrl: options.databaseUrl },
        access.db,
      )
      service.index = {
        ...createIndexRoutes(access.db, merchIndex, reader, { reads: indexReads.db }),
        coverage: createCoverageRoutes(indexReads.db),
      }
      merchIndex.start()
    }
    rulesDeps = {
      db: access.db.withTables<RuleTableMap>(),
      reads: indexReads?.db ?? access.db,
      postgres: /^postgres(ql)?:\/\//.test(options.databaseUrl ?? ''),
      service: createServiceClient(serviceBaseUrl, tokens, {
        timeoutMs,
        ...(ownWrites ? { answers: ownWrites } : {}),
      }),
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
        notify: createNotices(access.db.withTables<NoticeTables>()).notify,
        audit: (entry) => access.audit.record(entry),
        lease: (name, holder, ttlMs) => createLease(access.db, name, holder, { ttlMs }),
        log,
        ...(options.rules ? { options: options.rules } : {}),
      })
      indexChanges.onNews((news) => {
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
    return service
  }
  if (options.mode === 'development') dev = await createDevApp(options.viteRoot ?? repoRoot, server)

  const starting = (res: ServerResponse) => {
    res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('The dashboard is starting')
  }
  const readiness = createReadiness(
    {
      database: access.ping.database,
      redis: redis ? () => Promise.all([access.ping.redis?.(), redis.ping()]) : null,
      service: () =>
        service ? service.tokens.current() : Promise.reject(new Error('not connected yet')),
    },
    logger,
  )
  const routes = createRoutes({
    publicOrigin,
    https: reachedOverHttps({ publicOrigin, trustProxy, loopback: loopbackOnly }),
    appPolicy: () => service?.appPolicy ?? "default-src 'none'",
    mediaOrigins: () => service?.mediaOrigins ?? [],
    access,
    streams,
    receiveWebhook,
    forward: (req, res) => (service ? service.forward(req, res) : starting(res)),
    health: () => service?.health ?? { status: 'starting' },
    index: () => service?.index ?? null,
    reviewQueue: (req, res, url) => (service ? service.reviewQueue(req, res, url) : starting(res)),
    rules: () => rulesDeps,
    review,
    serveApp: async (req, res) => {
      const signedIn = () => access.signIn.principalOf(req).then(Boolean)
      if (serverRender && (await serverRender(req, res, signedIn))) return
      return serveStatic ? serveStatic(req, res) : dev?.handle(req, res)
    },
    logger,
    metrics,
    metricsToken: options.metricsToken,
    ready: readiness.handle,
    log,
  })

  return {
    routes,
    logger,
    host,
    access,
    connectService,
    /** Shutdown has begun: not ready any more, and open event streams end (browsers reconnect elsewhere). */
    stopServing() {
      readiness.stop()
      hub.close()
    },
    async close() {
      hub.close()
      await rulesEngine?.stop()
      await autoAccept?.stop()
      await merchIndex?.stop()
      await indexReads?.close()
      await access.close()
      await redis?.close()
      await dev?.close()
      agents.http.destroy()
      agents.https.destroy()
      await sandbox?.close()
    },
  }
}

// The address this machine reaches a server listening on `host` at.
const loopbackHostFor = (host: string) =>
  host === '::1' ? '[::1]' : host.includes(':') && host !== '::' ? `[${host}]` : '127.0.0.1'
