import type { IncomingMessage, ServerResponse } from 'node:http'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { type Handler, Hono } from 'hono'
import type { AccessControl } from './auth/access-control.ts'
import type { AdminRequest } from './auth/admin-routes.ts'
import { audited, auditTrail } from './auth/audit-trail.ts'
import { allow, allowContractOperation } from './auth/role-gate.ts'
import { sameOrigin } from './auth/same-origin.ts'
import { session } from './auth/session-middleware.ts'
import {
  type DashboardContext,
  type DashboardEnv,
  raw,
  refuse,
  requestUrl,
} from './http/context.ts'
import { hostCheck } from './http/host-check.ts'
import { sendJson } from './http/json-response.ts'
import { securityHeaders } from './http/security-headers.ts'
import { signedInPreloads } from './http/signed-in-preloads.ts'
import { createIndexApp, type IndexHandlers } from './index/index-app.ts'
import type { SessionStreams } from './live/session-streams.ts'
import { createNoticeRoutes } from './notices/notice-routes.ts'
import type { NoticeTables } from './notices/tables.ts'
import { accessLog } from './ops/access-log.ts'
import { countSignIns, countWebhooks } from './ops/answer-metrics.ts'
import type { Log, Logger } from './ops/logger.ts'
import type { Metrics } from './ops/metrics.ts'
import { metricsEndpoint } from './ops/metrics-endpoint.ts'
import { requestId } from './ops/request-id.ts'
import { createReviewApp } from './review/review-app.ts'
import type { ReviewDeps } from './review/review-context.ts'
import { createRulesApp } from './rules/rules-app.ts'
import type { RulesSource } from './rules/rules-http.ts'
import { createSavedViewRoutes } from './views/saved-view-routes.ts'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown
type UrlHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => unknown

const notFound: Handler<DashboardEnv> = (c) => refuse(c, 404, 'Not found')

/** A handler that reads the query. */
const withUrl = (handler: UrlHandler) => raw((req, res) => handler(req, res, requestUrl(req)))

/** An admin route's handler, given the admin the role gate before it let through. */
const asAdmin = (handler: (request: AdminRequest) => Promise<void>) =>
  raw(async (req, res, c: DashboardContext) => {
    const admin = await c.var.principal()
    if (!admin) return refuse(c, 401, 'Sign in to use the dashboard')
    await handler({ admin, req, res, url: requestUrl(req), id: c.req.param('id') ?? '' })
  })

export interface RouteDependencies {
  publicOrigin: string | null
  /** Whether the browser reached the dashboard over https (HSTS). */
  https: (req: IncomingMessage) => boolean
  /** The page's Content-Security-Policy, which names the service once it is known. */
  appPolicy: () => string
  /** Where the service's pictures come from: a signed-in page connects there early. */
  mediaOrigins: () => readonly string[]
  access: AccessControl
  streams: SessionStreams
  receiveWebhook: NodeHandler
  /** `/api/v1/*` to the service, with the dashboard's token. */
  forward: NodeHandler
  health: () => unknown
  /** `?channel_id=`'s review queue: from the index, or the service's filter without one. */
  reviewQueue: UrlHandler
  /** The index's handlers, once the service is known and if the index is on (options.index). */
  index: () => IndexHandlers | null
  /** The match review's parts (issue 36); its routes needing the service answer 503 until it is known. */
  review: ReviewDeps
  /** The built app (production) or Vite (development), for every other path. */
  serveApp: NodeHandler
  /** `/readyz`: the database, Redis and the service answer, and no shutdown has begun. */
  ready: NodeHandler
  logger: Logger
  metrics: Metrics
  /** `METRICS_TOKEN`: lets a scraper elsewhere read `/metrics`. */
  metricsToken: string | undefined
  /** For modules that report in words (auth/, live/). */
  log: Log
  /** The merchandising rules' dependencies, once the service is known. */
  rules: RulesSource
}

/**
 * Every route of the dashboard server, top to bottom. Each request gets an id (on its log lines
 * and in `X-Request-Id`) and one access line and its metrics when answered, passes the host check, gets
 * the security headers, has its session read on demand, is recorded in the audit log when it
 * changes something or a signed-in person is refused, must come from the dashboard's own pages if
 * it changes something, and passes the role gate of its route.
 */
export function createRoutes(d: RouteDependencies) {
  const { signIn, oidc, admin } = d.access
  // Routes match the path as the client sent it, the same one the handlers and the forwarder
  // read: URL parsing would resolve `%2E%2E` and send `/api/v1/%2E%2E/x` to another route.
  const app = new Hono<DashboardEnv>({
    getPath: (_request, options) => (options?.env?.incoming.url ?? '/').split('?', 1)[0] ?? '/',
  })

  app.use(requestId())
  app.use(accessLog(d.logger, d.metrics))
  app.use(hostCheck(d.publicOrigin))
  app.use(securityHeaders({ appPolicy: d.appPolicy, https: d.https }))
  app.use(session(signIn))
  app.use(auditTrail(d.access.audit, d.log))
  app.use(sameOrigin(signIn.originOf))

  // Open: load balancers, the service's webhooks, signing in.
  app.get(
    '/healthz',
    raw((_req, res) => sendJson(res, 200, d.health())),
  )
  app.get('/readyz', raw(d.ready))
  app.all('/webhooks/service', countWebhooks(d.metrics), raw(d.receiveWebhook))
  app.post(
    '/auth/sign-in',
    countSignIns(d.metrics),
    raw((req, res, c) => signIn.signIn(req, res, (note) => c.set('audit', note))),
  )
  app.get('/auth/providers', raw(oidc.providers))
  app.get('/auth/oidc/start', withUrl(oidc.start))
  app.get('/auth/oidc/callback', withUrl(oidc.callback))
  app.post('/auth/invites/read', withUrl(admin.readInvite))
  app.post('/auth/invites/accept', withUrl(admin.acceptInvite))
  app.post('/auth/reset-links/read', raw(admin.readResetLink))
  app.post('/auth/reset-links/use', raw(admin.redeemResetLink))
  app.post(
    '/auth/sign-out',
    audited('dashboard.signOut'),
    raw((req, res) => signIn.signOut(req, res, false)),
  )
  app.post(
    '/auth/sign-out-everywhere',
    audited('dashboard.signOutEverywhere'),
    raw((req, res) => signIn.signOut(req, res, true)),
  )

  // Scrapers on this machine, or sending METRICS_TOKEN (404 for anyone else).
  app.get('/metrics', metricsEndpoint(d.metrics.registry, d.metricsToken))

  // Anyone signed in.
  app.get('/auth/me', raw(signIn.me))
  app.post('/auth/password', allow('viewer', 'dashboard.changePassword'), raw(admin.changePassword))
  app.get(
    '/events',
    allow('viewer', 'dashboard.events'),
    raw(async (req, res, c) => {
      const principal = await c.var.principal()
      if (principal) await d.streams.handle(req, res, principal)
    }),
  )
  // The dashboard's own index of the service's data (decision 0019) and its team setting.
  app.route('/api/dashboard', createIndexApp({ index: d.index, reviewQueue: d.reviewQueue }))
  // Saved views of the library: editors write their own, admins also the team's shared ones.
  const views = createSavedViewRoutes(d.access.db)
  const viewWrite = (operation: string) => [allow('editor', operation), audited(operation)] as const
  app.get('/api/dashboard/views', allow('viewer', 'dashboard.listViews'), views.list)
  app.post('/api/dashboard/views', ...viewWrite('dashboard.saveView'), views.save)
  app.patch('/api/dashboard/views/:id', ...viewWrite('dashboard.changeView'), views.change)
  app.delete('/api/dashboard/views/:id', ...viewWrite('dashboard.deleteView'), views.remove)
  // What the dashboard tells people (auto-accept paused itself, …): each reads and marks their own.
  const notices = createNoticeRoutes(d.access.db.withTables<NoticeTables>())
  app.get('/api/dashboard/notices', allow('viewer', 'dashboard.notices'), notices.list)
  app.post('/api/dashboard/notices/read', allow('viewer', 'dashboard.notices'), notices.markRead)
  // The review of AI product matches: its own sub-app, each route with its role gate.
  app.route('/api/dashboard/review', createReviewApp(d.review))
  // Merchandising rules (issue 37): each route's gate is in its module.
  app.route('/api/dashboard/rules', createRulesApp(d.rules))
  app.all('/api/v1', allow('viewer', 'dashboard.api'), notFound)
  app.all('/api/v1/*', allowContractOperation(), raw(d.forward))
  app.all('/api/*', allow('viewer', 'dashboard.api'), notFound)

  // Admins.
  app.get('/auth/accounts', allow('admin', 'dashboard.listAccounts'), asAdmin(admin.listAccounts))
  app.patch(
    '/auth/accounts/:id',
    allow('admin', 'dashboard.updateAccount'),
    asAdmin(admin.updateAccount),
  )
  app.post(
    '/auth/accounts/:id/reset-link',
    allow('admin', 'dashboard.createResetLink'),
    asAdmin(admin.createResetLink),
  )
  app.get('/auth/invites', allow('admin', 'dashboard.listInvites'), asAdmin(admin.listInvites))
  app.post('/auth/invites', allow('admin', 'dashboard.createInvite'), asAdmin(admin.createInvite))
  app.delete(
    '/auth/invites/:id',
    allow('admin', 'dashboard.revokeInvite'),
    asAdmin(admin.revokeInvite),
  )
  app.get('/auth/audit', allow('admin', 'dashboard.readAudit'), asAdmin(admin.auditPage))
  app.get('/auth/audit.csv', allow('admin', 'dashboard.exportAudit'), asAdmin(admin.auditCsv))
  app.all('/auth/*', notFound)

  // The app itself.
  app.get('*', signedInPreloads(d.mediaOrigins))
  app.all('*', raw(d.serveApp))

  app.onError((error, c) => {
    d.logger.error({ err: error }, 'a request failed')
    if (c.env.outgoing.headersSent) {
      c.env.outgoing.destroy()
      return RESPONSE_ALREADY_SENT
    }
    return refuse(c, 500, 'The dashboard server failed')
  })
  // Hono answers HEAD with the GET route, then wraps its answer in a new Response, which
  // @hono/node-server would write over the answer a raw handler already sent (an error each time).
  // Node sends no body for HEAD, so an answer that would go on (the event stream) ends here.
  const dispatch = app.fetch
  app.fetch = async (request, env, executionCtx) => {
    const response = await dispatch(request, env, executionCtx)
    const outgoing = (env as DashboardEnv['Bindings']).outgoing
    if (request.method !== 'HEAD' || !outgoing.headersSent) return response
    if (!outgoing.writableEnded) outgoing.end()
    return RESPONSE_ALREADY_SENT
  }
  return app
}
