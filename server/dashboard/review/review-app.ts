import { Hono } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import { mountAutoAcceptSettings } from './auto-accept-routes.ts'
import { mountCalibration } from './calibration-routes.ts'
import { mountDecisions } from './decision-routes.ts'
import { mountKeys } from './key-routes.ts'
import { mountLedgerCsv } from './ledger-csv.ts'
import { mountQueue } from './queue-routes.ts'
import type { ReviewDeps } from './review-context.ts'
import { mountReviewers } from './reviewers-routes.ts'

/**
 * The review of AI product matches (issue 36, decision 0022), mounted at /api/dashboard/review:
 * each module mounts its own routes with their role gates (viewers read, editors decide, admins
 * settle and change auto-accept) and audits what it changes.
 */
export function createReviewApp(deps: ReviewDeps) {
  const app = new Hono<DashboardEnv>()
  mountKeys(app, deps)
  mountDecisions(app, deps)
  mountQueue(app, deps)
  mountLedgerCsv(app, deps)
  mountAutoAcceptSettings(app, deps)
  mountCalibration(app, deps)
  mountReviewers(app, deps)
  return app
}
