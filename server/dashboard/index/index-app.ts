import type { IncomingMessage, ServerResponse } from 'node:http'
import { Hono } from 'hono'
import type { IndexStatus } from '../../../src/api/merch-index.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import {
  type DashboardContext,
  type DashboardEnv,
  raw,
  refuse,
  requestUrl,
} from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import type { CoverageRoutes } from './coverage-routes.ts'
import { limitIndexRequests } from './index-bounds.ts'
import type { IndexRoutes } from './index-routes.ts'

/** The merchandising index's answers. */
export type IndexHandlers = IndexRoutes & { coverage: CoverageRoutes }

const indexOff: IndexStatus = {
  state: 'off',
  confirmed_at: null,
  last_event_at: null,
  videos: 0,
  products: 0,
  unconfirmed: 0,
  last_pass: null,
  running: null,
}

/**
 * The index's routes under /api/dashboard (decision 0019): its reads, a few at a time per person
 * so one person's heavy reads do not stall everyone's, its reconcile, and the readiness setting.
 * `index` is null until the service is known, or when the index is off.
 */
export function createIndexApp(d: {
  index: () => IndexHandlers | null
  /** `?channel_id=`'s review queue: from the index, or the service's filter without one. */
  reviewQueue: (req: IncomingMessage, res: ServerResponse, url: URL) => unknown
}) {
  const app = new Hono<DashboardEnv>()
  app.use('/index/*', ...limitIndexRequests())
  const fromIndex = (
    pick: (
      index: IndexHandlers,
    ) => (req: IncomingMessage, res: ServerResponse, url: URL, c: DashboardContext) => unknown,
  ) =>
    raw((req, res, c) => {
      const index = d.index()
      if (!index) return refuse(c, 404, 'The merchandising index is not running on this server')
      return pick(index)(req, res, requestUrl(req), c)
    })
  // A server without the index says so, so the app asks it nothing more (and logs no 404).
  app.get(
    '/index/status',
    allow('viewer', 'dashboard.index'),
    raw((req, res) => {
      const index = d.index()
      if (index) return index.status(req, res)
      sendJson(res, 200, indexOff)
    }),
  )
  app.get(
    '/index/videos',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.videos),
  )
  app.get(
    '/index/review-queue',
    allow('viewer', 'dashboard.index'),
    raw((req, res) => d.reviewQueue(req, res, requestUrl(req))),
  )
  app.get(
    '/index/readiness',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.readiness),
  )
  app.get(
    '/settings/readiness',
    allow('viewer', 'dashboard.readSettings'),
    fromIndex((i) => i.readinessSettings),
  )
  // Who changes a team setting is kept beside it (and in the audit log).
  app.put(
    '/settings/readiness',
    allow('admin', 'dashboard.changeSettings'),
    audited('dashboard.changeSettings'),
    fromIndex(
      (i) => async (req, res, _url, c) =>
        i.saveReadinessSettings(req, res, (await c.var.principal())?.email ?? ''),
    ),
  )
  app.get(
    '/index/summary',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.summary),
  )
  app.get(
    '/index/tag-health',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.tagHealth),
  )
  app.get(
    '/index/coverage/products',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.coverage.products),
  )
  app.get(
    '/index/coverage/videos',
    allow('viewer', 'dashboard.index'),
    fromIndex((i) => i.coverage.videos),
  )
  app.post(
    '/index/reconcile',
    allow('admin', 'dashboard.reconcileIndex'),
    audited('dashboard.reconcileIndex'),
    fromIndex((i) => i.reconcile),
  )
  return app
}
