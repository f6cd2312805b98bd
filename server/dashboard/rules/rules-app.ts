import { Hono } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import { mountRuleRoutes } from './rule-routes.ts'
import type { RulesSource } from './rules-http.ts'
import { mountRunRoutes } from './runs-routes.ts'
import { mountSwitchRoutes } from './switch-routes.ts'
import { mountTryRoutes } from './try-routes.ts'

/**
 * The merchandising rules' API (issue 37, decision 0024), mounted at `/api/dashboard/rules`:
 * each module mounts its own routes with their role gates (viewers read, editors write and try
 * rules, admins switch them on) and audits what it changes; every handler answers 503 until the
 * service is known.
 */
export function createRulesApp(source: RulesSource) {
  const app = new Hono<DashboardEnv>()
  mountRuleRoutes(app, source)
  mountSwitchRoutes(app, source)
  mountTryRoutes(app, source)
  mountRunRoutes(app, source)
  return app
}
