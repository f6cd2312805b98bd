import type { Hono } from 'hono'
import { ruleEnabledSchema, rulesSettingsChangeSchema } from '../../../src/api/rules.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, refuse } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { checkedDefinition, ruleOf, sendRule } from './rule-routes.ts'
import { setFollowing, storedRule, writeVersion } from './rule-store.ts'
import {
  noRule,
  type RulesRequest,
  type RulesSource,
  readBody,
  rulesHandler,
} from './rules-http.ts'
import {
  maySwitchOn,
  readRulesSettings,
  saveRulesSettings,
  switchRefusal,
} from './rules-settings.ts'

/**
 * Switching rules on and off, following them, and the team's setting of who switches them on.
 * Admins switch rules on, or editors when an admin allows it; anyone who writes rules may switch
 * one off (stopping is always safe). Switching on runs the checker again: a conflict on videos
 * both rules match now, at the same priority, refuses it (422).
 */
export function mountSwitchRoutes(app: Hono<DashboardEnv>, source: RulesSource) {
  const handle = (handler: (request: RulesRequest) => Promise<unknown>) =>
    rulesHandler(source, handler)

  app.post(
    '/rules/:id/enabled',
    allow('editor', 'dashboard.rules.switch'),
    audited('dashboard.rules.switch'),
    handle(async (request) => {
      const row = await ruleOf(request)
      if (!row) return
      const asked = await readBody(request, ruleEnabledSchema, 'whether the rule is on')
      if (!asked) return
      if (asked.enabled && !(await maySwitchOn(request.deps.db, request.person.role)))
        return refuse(request.c, 403, switchRefusal)
      if (asked.enabled === (row.enabled === 1)) return sendRule(request, row, 200, [])
      const checked = asked.enabled
        ? await checkedDefinition(request, row.id, storedRule(row).definition)
        : { findings: [] }
      if (!checked) return
      const next = await writeVersion(
        request.deps.db,
        row.id,
        { enabled: asked.enabled, changes: [asked.enabled ? 'switched on' : 'switched off'] },
        request.person,
      )
      if (!next) return noRule(request.c)
      await sendRule(request, next, 200, checked.findings)
    }),
  )

  const follow = (on: boolean) =>
    handle(async (request) => {
      const row = await ruleOf(request)
      if (!row) return
      await setFollowing(request.deps.db, row.id, request.person.id, on)
      await sendRule(request, row, 200)
    })
  app.post(
    '/rules/:id/follow',
    allow('viewer', 'dashboard.rules.follow'),
    audited('dashboard.rules.follow'),
    follow(true),
  )
  app.delete(
    '/rules/:id/follow',
    allow('viewer', 'dashboard.rules.unfollow'),
    audited('dashboard.rules.unfollow'),
    follow(false),
  )

  app.get(
    '/settings',
    allow('viewer', 'dashboard.rules.readSettings'),
    handle(async (request) => sendJson(request.res, 200, await readRulesSettings(request.deps.db))),
  )
  app.put(
    '/settings',
    allow('admin', 'dashboard.rules.changeSettings'),
    audited('dashboard.rules.changeSettings'),
    handle(async (request) => {
      const change = await readBody(request, rulesSettingsChangeSchema, 'the setting')
      if (!change) return
      await saveRulesSettings(request.deps.db, change, request.person.email)
      sendJson(request.res, 200, await readRulesSettings(request.deps.db))
    }),
  )
}
