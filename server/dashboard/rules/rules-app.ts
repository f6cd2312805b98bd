import { Hono } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import type { RulesSource } from './rules-http.ts'
import { mountRunRoutes } from './runs-routes.ts'

/**
 * The merchandising rules' API (issue 37, decision 0024), mounted at `/api/dashboard/rules`:
 * each module mounts its own routes with their role gates (viewers read, editors write and try
 * rules, admins switch them on) and audits what it changes; every handler answers 503 until the
 * service is known.
 */
export function createRulesApp(source: RulesSource) {
  const app = new Hono<DashboardEnv>()
  mountRunRoutes(app, source)
  return app
}
