import type { Hono } from 'hono'
import { ruleApplySchema, rulePreviewRequestSchema } from '../../../src/api/rules.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import { ServiceReadError } from '../forwarding/service-client.ts'
import { type DashboardEnv, refuse } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { patternsOf } from './action-effects.ts'
import { asksFirstOver, dryRun } from './dry-run.ts'
import { previewRule } from './preview.ts'
import { patternProblem } from './rule-patterns.ts'
import { ruleOf } from './rule-routes.ts'
import { storedRule } from './rule-store.ts'
import { type RulesRequest, type RulesSource, readBody, rulesHandler } from './rules-http.ts'
import { maySwitchOn, switchRefusal } from './rules-settings.ts'

/** Seeing before doing needs the index; a playlist the service would not read is said so. */
function trying(source: RulesSource, handler: (request: RulesRequest) => Promise<unknown>) {
  return rulesHandler(source, async (request) => {
    if (!request.deps.indexed)
      return refuse(
        request.c,
        409,
        'The merchandising index is not running on this server: rules read their videos there',
      )
    try {
      await handler(request)
    } catch (error) {
      if (!(error instanceof ServiceReadError)) throw error
      refuse(request.c, 502, `The service did not give the rule’s playlists: ${error.message}`)
    }
  })
}

/**
 * Trying rules: a definition's matches now while it is edited (everyone signed in: it reads, as
 * viewers read rules), a saved rule's dry run over the whole library (editors), and applying
 * that change set through the engine (those who may switch rules on), which asks first over 100
 * changes.
 */
export function mountTryRoutes(app: Hono<DashboardEnv>, source: RulesSource) {
  app.post(
    '/preview',
    allow('viewer', 'dashboard.rules.preview'),
    trying(source, async (request) => {
      const asked = await readBody(request, rulePreviewRequestSchema, 'the rule to preview')
      if (!asked) return
      for (const pattern of patternsOf(asked.definition.conditions)) {
        const problem = patternProblem(pattern)
        if (problem) return refuse(request.c, 400, `Invalid conditions: /${pattern}/ ${problem}`)
      }
      sendJson(request.res, 200, await previewRule(request.deps, asked.definition, asked.rule_id))
    }),
  )
  app.post(
    '/rules/:id/dry-run',
    allow('editor', 'dashboard.rules.dryRun'),
    trying(source, async (request) => {
      const row = await ruleOf(request)
      if (row) sendJson(request.res, 200, (await dryRun(request.deps, storedRule(row))).answer)
    }),
  )
  app.post(
    '/rules/:id/apply',
    allow('editor', 'dashboard.rules.apply'),
    audited('dashboard.rules.apply'),
    trying(source, async (request) => {
      const row = await ruleOf(request)
      if (!row) return
      const asked = await readBody(request, ruleApplySchema, 'whether to apply')
      if (!asked) return
      if (!(await maySwitchOn(request.deps.db, request.person.role)))
        return refuse(request.c, 403, switchRefusal)
      const { engine } = request.deps
      if (!engine) return refuse(request.c, 503, 'The rules’ engine is not running on this server')
      const rule = storedRule(row)
      const { answer, videoIds } = await dryRun(request.deps, rule)
      if (answer.changes > asksFirstOver && !asked.confirm)
        return refuse(
          request.c,
          409,
          `This applies ${answer.changes} changes to ${answer.videos} videos, more than ${asksFirstOver}: send confirm: true to apply them`,
        )
      const { runs } = await engine.runOver(rule, videoIds, request.person)
      sendJson(request.res, 202, { changes: answer.changes, videos: answer.videos, runs })
    }),
  )
}
