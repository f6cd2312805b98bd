import { randomBytes } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServiceEvent } from '../../src/api/service-event.ts'
import { demoClient } from '../sandbox/seed/demo-client.ts'
import type { startSandbox } from '../sandbox/start.ts'
import { areaMigrations } from './areas.ts'
import { createAccessControl } from './auth/access-control.ts'
import { reachedOverHttps } from './auth/request-checks.ts'
import { startServiceAreas } from './compose-areas.ts'
import { listeningPlan, loopbackHostFor, startEmbeddedSandbox } from './compose-listening.ts'
import { serviceWebhooks } from './compose-webhooks.ts'
import { defaultDashboardDb } from './db/database.ts'
import { createApiForwarder } from './forwarding/api-forwarder.ts'
import { createServiceClient, type ServiceReader } from './forwarding/service-client.ts'
import { createServiceTokens, type ServiceTokens } from './forwarding/service-tokens.ts'
import { createUpstreamAgents } from './forwarding/upstream-request.ts'
import { createDevApp, type DevApp } from './http/dev-app.ts'
import { appContentSecurityPolicy, remoteOrigins, sandboxOrigins } from './http/security-headers.ts'
import { createServerRender } from './http/server-render.ts'
import { createStaticApp } from './http/static-app.ts'
import type { IndexHandlers } from './index/index-app.ts'
import { createIndexChanges } from './index/index-changes.ts'
import { ownWritesObserver } from './index/own-writes.ts'
import { createReviewQueue } from './index/review-queue.ts'
import { pendingVideos, reviewQueueRoute } from './index/review-queue-route.ts'
import { createMemoryLedger } from './live/dedup.ts'
import { createEventHub } from './live/event-hub.ts'
import { connectRedisLive } from './live/redis-live.ts'
import { endStreamsWithSessions } from './live/session-ends.ts'
import { createSessionStreams } from './live/session-streams.ts'
import { createLogger, warningLog } from './ops/logger.ts'
import { createMetrics, observeUpstream } from './ops/metrics.ts'
import { createReadiness } from './ops/readiness.ts'
import type { DashboardOptions } from './options.ts'
import { createMatchLists } from './review/match-lists.ts'
import type { ReviewDeps, ReviewService, ReviewTableMap } from './review/review-context.ts'
import { createRoutes } from './routes.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
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
  const { host, loopbackOnly, publicOrigin, trustProxy } = listeningPlan(options, logger)
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
  // The index, auto-accept and the rules, once the service is known (they read it).
  let areas: ReturnType<typeof startServiceAreas> | null = null
  // The dashboard's own reads of the service, once it is known.
  let serviceReader: ServiceReader | null = null
  // The match review's side of the service (its writes, the index's pending videos), once known.
  let reviewService: ReviewService | null = null
  const publish = async (event: ServiceEvent) => {
    if (redis) await redis.publish(event)
    else hub.publish('service', event)
  }
  const receiveWebhook = serviceWebhooks({
    secrets,
    ledger: redis?.ledger ?? createMemoryLedger(),
    index: () => areas?.merchIndex ?? null,
    reader: () => serviceReader,
    publish,
    metrics,
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
    reads: () => areas?.indexReads?.db.withTables<ReviewTableMap>() ?? reviewDb,
  }
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000
  const agents = createUpstreamAgents()
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null
  let dev: DevApp | null = null
  let service: ServiceSide | null = null

  async function connectService(port: number): Promise<ServiceSide> {
    sandbox = options.service
      ? null
      : await startEmbeddedSandbox(options, {
          port,
          host,
          secret: secrets[0],
          log: warningLog(logger.child({ component: 'sandbox' })),
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
    // The review's and the rules' writes tell the index what they changed, as the forwarder's do.
    const writingClient = () =>
      createServiceClient(serviceBaseUrl, tokens, {
        timeoutMs,
        ...(ownWrites ? { answers: ownWrites } : {}),
      })
    reviewService = { client: writingClient(), pending: pendingVideos(reviewQueue) }
    areas = startServiceAreas({
      options,
      access,
      review,
      reviewClient: reviewService.client,
      reader,
      changes: indexChanges,
      log,
      client: writingClient,
    })
    service.index = areas.index
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
    rules: () => areas?.rulesDeps ?? null,
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
      await areas?.rulesEngine?.stop()
      await areas?.autoAccept?.stop()
      await areas?.merchIndex?.stop()
      await areas?.indexReads?.close()
      await access.close()
      await redis?.close()
      await dev?.close()
      agents.http.destroy()
      agents.https.destroy()
      await sandbox?.close()
    },
  }
}
