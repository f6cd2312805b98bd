import type { Hono } from 'hono'
import {
  type AutoAcceptEligibilityAt,
  type AutoAcceptSettings,
  autoAcceptChangeSchema,
  autoAcceptEligibilityAt,
  autoAcceptSettingsSchema,
} from '../../../src/api/review.ts'
import { audited } from '../auth/audit-trail.ts'
import { readSmallForm } from '../auth/request-checks.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, raw, refuse, requestUrl } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { auditFigures, eligibilityAt } from './auto-accept-eligibility.ts'
import { readAutoAcceptState, saveAutoAccept } from './auto-accept-settings.ts'
import type { ReviewDb } from './review-context.ts'

export interface AutoAcceptRouteDeps {
  db: ReviewDb
}

/**
 * The setting as everyone signed in reads it: with whether the data supports it (at `at`, the
 * threshold and target an admin is weighing, or the saved ones) and the audit so far.
 */
export async function autoAcceptAnswer(
  db: ReviewDb,
  at: AutoAcceptEligibilityAt = {},
): Promise<AutoAcceptSettings> {
  const { since, ...state } = await readAutoAcceptState(db)
  const [eligibility, audit] = await Promise.all([
    eligibilityAt(db, at.threshold ?? state.threshold, at.target ?? state.target),
    auditFigures(db, state.threshold, since),
  ])
  return autoAcceptSettingsSchema.parse({ ...state, eligibility, audit })
}

/**
 * `/settings` of the review: anyone signed in reads auto-accept's setting; admins change it
 * (audited). Turning it on is refused (422, with the reason) unless the team's decisions support
 * it at the threshold and target asked for.
 */
export function mountAutoAcceptSettings(app: Hono<DashboardEnv>, deps: AutoAcceptRouteDeps) {
  const { db } = deps
  app.get(
    '/settings',
    allow('viewer', 'dashboard.readAutoAccept'),
    raw(async (req, res, c) => {
      const query = Object.fromEntries(requestUrl(req).searchParams)
      const at = autoAcceptEligibilityAt.safeParse(query)
      if (!at.success) {
        const issue = at.error.issues[0]
        return refuse(c, 400, `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`)
      }
      sendJson(res, 200, await autoAcceptAnswer(db, at.data))
    }),
  )
  app.put(
    '/settings',
    allow('admin', 'dashboard.changeAutoAccept'),
    audited('dashboard.changeAutoAccept'),
    raw(async (req, res, c) => {
      const admin = await c.var.principal()
      if (!admin) return refuse(c, 401, 'Sign in to use the dashboard')
      const body = await readSmallForm(req)
      const parsed = body ? autoAcceptChangeSchema.safeParse(body) : null
      if (!parsed?.success) {
        const issue = parsed?.error.issues[0]
        return refuse(
          c,
          400,
          issue
            ? `Invalid ${issue.path.join('.') || 'setting'}: ${issue.message}`
            : 'Send the setting as a JSON object: enabled, target, threshold and floor',
        )
      }
      const change = parsed.data
      if (change.floor > change.threshold)
        return refuse(
          c,
          422,
          `The floor (${change.floor}) must be at or below the threshold (${change.threshold})`,
        )
      if (change.enabled) {
        const eligibility = await eligibilityAt(db, change.threshold, change.target)
        if (!eligibility.eligible)
          return refuse(c, 422, `Auto-accept cannot be turned on: ${eligibility.reason}`)
      }
      await saveAutoAccept(db, change, admin.email)
      sendJson(res, 200, await autoAcceptAnswer(db))
    }),
  )
}
