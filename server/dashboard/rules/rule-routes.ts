import type { Hono } from 'hono'
import {
  type RuleDefinition,
  type RuleFinding,
  ruleDefinitionSchema,
  ruleRevertSchema,
} from '../../../src/api/rules.ts'
import { audited } from '../auth/audit-trail.ts'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, refuse } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { patternsOf } from './action-effects.ts'
import { blockingReason, checkRule } from './checker.ts'
import { changesInWords } from './rule-changes.ts'
import { patternProblem } from './rule-patterns.ts'
import {
  findRule,
  insertRule,
  listRules,
  listVersions,
  type RuleRow,
  ruleAnswers,
  storedRule,
  writeVersion,
} from './rule-store.ts'
import {
  knownRuleId,
  noRule,
  type RulesRequest,
  type RulesSource,
  readBody,
  rulesHandler,
} from './rules-http.ts'
import { maySwitchOn } from './rules-settings.ts'

/** A definition as sent, checked: null once a 400 or 422 has said why it cannot be saved. */
export async function checkedDefinition(
  request: RulesRequest,
  ruleId: string | null,
  sent?: RuleDefinition,
): Promise<{ definition: RuleDefinition; findings: RuleFinding[] } | null> {
  const definition = sent ?? (await readBody(request, ruleDefinitionSchema, 'the rule'))
  if (!definition) return null
  for (const pattern of patternsOf(definition.conditions)) {
    const problem = patternProblem(pattern)
    if (problem) {
      refuse(request.c, 400, `Invalid conditions: /${pattern}/ ${problem}`)
      return null
    }
  }
  const findings = await checkRule(request.deps, definition, ruleId)
  const blocking = blockingReason(findings)
  if (blocking) {
    refuse(request.c, 422, blocking)
    return null
  }
  return { definition, findings }
}

export async function sendRule(
  request: RulesRequest,
  row: RuleRow,
  status: number,
  findings?: RuleFinding[],
) {
  const [rule] = await ruleAnswers(request.deps.db, [row], request.person)
  sendJson(request.res, status, findings ? { rule, findings } : rule)
}

/** The rule `:id` names, or null once a 404 has said it is not there. */
export async function ruleOf(request: RulesRequest) {
  const row = knownRuleId(request.id) ? await findRule(request.deps.db, request.id) : undefined
  if (!row) noRule(request.c)
  return row ?? null
}

/** A rule that is on changes only by those who may switch it on. */
async function mayChange(request: RulesRequest, row: RuleRow) {
  if (row.enabled === 0 || (await maySwitchOn(request.deps.db, request.person.role))) return true
  refuse(
    request.c,
    403,
    'This rule is on: admins change it (or editors, when an admin allows it in the rules’ settings); switch it off first to change it',
  )
  return false
}

/**
 * `/rules`: everyone signed in reads a channel's rules and each rule's versions; editors write,
 * revert and delete them (audited). Every change is a new version with who, when and what
 * changed; a new rule starts switched off.
 */
export function mountRuleRoutes(app: Hono<DashboardEnv>, source: RulesSource) {
  const handle = (handler: (request: RulesRequest) => Promise<unknown>) =>
    rulesHandler(source, handler)
  const write = (operation: string) => [allow('editor', operation), audited(operation)] as const

  app.get(
    '/rules',
    allow('viewer', 'dashboard.rules.read'),
    handle(async (request) => {
      const channel = new URL(request.req.url ?? '/', 'http://x').searchParams.get('channel_id')
      const rows = channel
        ? await listRules(request.deps.db, channel)
        : await request.deps.db
            .selectFrom('rules')
            .selectAll()
            .where('deleted_at', 'is', null)
            .orderBy('channel_id')
            .orderBy('priority')
            .orderBy('name')
            .execute()
      sendJson(request.res, 200, {
        rules: await ruleAnswers(request.deps.db, rows, request.person),
      })
    }),
  )
  app.get(
    '/rules/:id',
    allow('viewer', 'dashboard.rules.read'),
    handle(async (request) => {
      const row = await ruleOf(request)
      if (row) await sendRule(request, row, 200)
    }),
  )
  app.get(
    '/rules/:id/versions',
    allow('viewer', 'dashboard.rules.read'),
    handle(async (request) => {
      const versions = knownRuleId(request.id)
        ? await listVersions(request.deps.db, request.id)
        : []
      if (versions.length === 0) return noRule(request.c)
      sendJson(request.res, 200, { versions })
    }),
  )
  app.post(
    '/rules',
    ...write('dashboard.rules.create'),
    handle(async (request) => {
      const checked = await checkedDefinition(request, null)
      if (!checked) return
      const row = await insertRule(request.deps.db, checked.definition, request.person)
      await sendRule(request, row, 201, checked.findings)
    }),
  )
  app.put(
    '/rules/:id',
    ...write('dashboard.rules.change'),
    handle(async (request) => {
      const row = await ruleOf(request)
      if (!row || !(await mayChange(request, row))) return
      const checked = await checkedDefinition(request, row.id)
      if (!checked) return
      const changes = changesInWords(storedRule(row).definition, checked.definition)
      if (changes.length === 0) return sendRule(request, row, 200, checked.findings)
      const next = await writeVersion(
        request.deps.db,
        row.id,
        { definition: checked.definition, changes },
        request.person,
      )
      if (!next) return noRule(request.c)
      await sendRule(request, next, 200, checked.findings)
    }),
  )
  app.post(
    '/rules/:id/revert',
    ...write('dashboard.rules.revert'),
    handle(async (request) => {
      const row = await ruleOf(request)
      if (!row) return
      const asked = await readBody(request, ruleRevertSchema, 'the version')
      if (!asked || !(await mayChange(request, row))) return
      const version = (await listVersions(request.deps.db, row.id)).find(
        (each) => each.version === asked.version,
      )
      if (!version) return refuse(request.c, 404, `This rule has no version ${asked.version}`)
      const checked = await checkedDefinition(request, row.id, version.definition)
      if (!checked) return
      const changes = [
        `reverted to version ${version.version}`,
        ...changesInWords(storedRule(row).definition, version.definition),
      ]
      const next = await writeVersion(
        request.deps.db,
        row.id,
        { definition: version.definition, changes },
        request.person,
      )
      if (!next) return noRule(request.c)
      await sendRule(request, next, 200, checked.findings)
    }),
  )
  app.delete(
    '/rules/:id',
    ...write('dashboard.rules.delete'),
    handle(async (request) => {
      const row = await ruleOf(request)
      if (!row) return
      const gone = await writeVersion(
        request.deps.db,
        row.id,
        { deleted: true, changes: ['deleted'] },
        request.person,
      )
      if (!gone) return noRule(request.c)
      request.res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
    }),
  )
}
