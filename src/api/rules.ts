import * as z from 'zod'
import { actionSchema, conditionGroupSchema, triggerSchema } from './rule-parts.ts'

// Merchandising rules (issue 37, decision 0024), kept and run by the dashboard server at
// /api/dashboard/rules/*. Not part of the service's contract: the app and the server both read
// rules with these schemas. Written with zod's full build, which only the rules' lazy pages load.

export * from './rule-parts.ts'

const id = z.string().min(1).max(100)

/** What an editor writes: a rule's definition. */
export const ruleDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).default(''),
  channel_id: id,
  trigger: triggerSchema,
  conditions: conditionGroupSchema,
  actions: z.array(actionSchema).min(1).max(20),
  /** Lower runs first; rules that conflict must have different priorities. */
  priority: z.number().int().min(0).max(1000).default(100),
})
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>

export const ruleSchema = ruleDefinitionSchema.extend({
  id: z.string(),
  version: z.number(),
  enabled: z.boolean(),
  /** Set when the rule paused itself (its runs failed), with why; cleared when switched on. */
  paused: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  author_id: z.string(),
  author_email: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
  following: z.boolean(),
})
export type Rule = z.infer<typeof ruleSchema>

/** One entry of a rule's history: who changed what, and the definition as it then was. */
export const ruleVersionSchema = z.object({
  version: z.number(),
  changed_at: z.string(),
  changed_by: z.string(),
  /** The fields that changed, in words ("conditions", "actions", "switched on"…). */
  changes: z.array(z.string()),
  definition: ruleDefinitionSchema,
  enabled: z.boolean(),
})

/** `GET /api/dashboard/rules/rules?channel_id=`: a channel's rules, by priority then name. */
export const ruleListSchema = z.object({ rules: z.array(ruleSchema) })

/** `GET /api/dashboard/rules/rules/:id/versions`: newest first. */
export const ruleVersionListSchema = z.object({ versions: z.array(ruleVersionSchema) })
export type RuleVersion = z.infer<typeof ruleVersionSchema>

/** `POST /rules/:id/revert`: the version to go back to (a new version equal to it). */
export const ruleRevertSchema = z.object({ version: z.number().int().min(1) })
export const ruleEnabledSchema = z.object({ enabled: z.boolean() })

/** `GET` and `PUT /api/dashboard/rules/settings`: the team's setting (admins change it). */
export const rulesSettingsChangeSchema = z.object({ editors_may_enable: z.boolean() })
export const rulesSettingsSchema = rulesSettingsChangeSchema.extend({
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
})
export type RulesSettings = z.infer<typeof rulesSettingsSchema>

/** What a checker found when a rule was saved or tried. */
export const ruleFindingSchema = z.object({
  kind: z.enum(['opposite_actions', 'overlap', 'self_trigger', 'needs_priority', 'regex']),
  message: z.string(),
  /** The other rule, when the finding is about two. */
  rule_id: z.nullable(z.string()),
  blocking: z.boolean(),
})
export type RuleFinding = z.infer<typeof ruleFindingSchema>

/** One change a run would make (a dry run) or made. */
export const plannedActionSchema = z.object({
  video_id: z.string(),
  caption: z.nullable(z.string()),
  action: actionSchema,
  /** In words: "adds to the top of Summer", "tags Trail Backpack". */
  summary: z.string(),
})
export type PlannedAction = z.infer<typeof plannedActionSchema>

/** A saved (or switched, or reverted) rule, with what the checker found that did not stop it. */
export const ruleSavedSchema = z.object({ rule: ruleSchema, findings: z.array(ruleFindingSchema) })
export type RuleSaved = z.infer<typeof ruleSavedSchema>

/** `POST /rules/:id/dry-run`: the change set over the library now, nothing applied. */
export const ruleDryRunSchema = z.object({
  rule_id: z.string(),
  version: z.number(),
  /** Videos the conditions match now. */
  matches: z.number(),
  /** Changes in all (actions already in place are left out), and the videos they touch. */
  changes: z.number(),
  videos: z.number(),
  /** Per kind of action ("adds to the top of Summer"): how many. */
  by_action: z.array(z.object({ summary: z.string(), count: z.number() })),
  /** The changes, video by video, at most 1,000 of them. */
  actions: z.array(plannedActionSchema),
  truncated: z.boolean(),
  /** Over 100 changes, applying asks first (`confirm: true`). */
  asks_first: z.boolean(),
})
export type RuleDryRun = z.infer<typeof ruleDryRunSchema>

/** `POST /rules/:id/apply` {confirm?}: the dry run's change set handed to the engine. */
export const ruleApplySchema = z.object({ confirm: z.boolean().default(false) })
export const ruleAppliedSchema = z.object({
  changes: z.number(),
  videos: z.number(),
  runs: z.number(),
})

/** `POST /api/dashboard/rules/preview`: what a definition matches now, as it is being edited. */
export const rulePreviewRequestSchema = z.object({
  definition: ruleDefinitionSchema,
  /** The rule being edited, if saved: the checker does not compare it with itself. */
  rule_id: z.nullable(z.string()).default(null),
})
export const rulePreviewSchema = z.object({
  matches: z.number(),
  videos: z.array(z.object({ id: z.string(), caption: z.nullable(z.string()) })),
  /** Per playlist the rule adds to or removes from: who would enter and who would leave. */
  playlists: z.array(
    z.object({
      playlist_id: z.string(),
      name: z.nullable(z.string()),
      enter: z.number(),
      leave: z.number(),
      entering: z.array(z.string()),
      leaving: z.array(z.string()),
    }),
  ),
  findings: z.array(ruleFindingSchema),
})
export type RulePreview = z.infer<typeof rulePreviewSchema>

/** One condition as a run evaluated it: its value on the video and whether it held. */
export const traceConditionSchema = z.object({
  path: z.string(),
  description: z.string(),
  value: z.unknown(),
  result: z.boolean(),
})
export type TraceCondition = z.infer<typeof traceConditionSchema>

export const traceCallSchema = z.object({
  method: z.string(),
  path: z.string(),
  status: z.nullable(z.number()),
  /** The service's answer, shortened; its error message when it refused. */
  answer: z.string(),
  at: z.string(),
  attempt: z.number(),
})

export const runOutcomes = ['applied', 'no_match', 'failed', 'partly_failed', 'skipped'] as const

export const ruleRunSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  rule_version: z.number(),
  video_id: z.nullable(z.string()),
  /** The event that started it: its type, video and time, or the schedule or a person. */
  cause: z.object({ kind: z.string(), at: z.string(), detail: z.string() }),
  /** `running` until its steps end (a busy service's retries included). */
  outcome: z.enum([...runOutcomes, 'running']),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  conditions: z.array(traceConditionSchema),
  steps: z.array(
    z.object({
      action: actionSchema,
      state: z.enum(['pending', 'applied', 'failed', 'skipped']),
      /** Why a step was skipped or failed, in words. */
      note: z.nullable(z.string()),
      calls: z.array(traceCallSchema),
    }),
  ),
})
export type RuleRun = z.infer<typeof ruleRunSchema>

/** `GET /api/dashboard/rules/runs`: the newest runs first, a page at a time. */
export const ruleRunPageSchema = z.object({
  runs: z.array(ruleRunSchema),
  /** `before=` for the next page; null on the last. */
  next: z.nullable(z.string()),
})
export type RuleRunPage = z.infer<typeof ruleRunPageSchema>

/** `GET /api/dashboard/rules/why?video_id=&playlist_id=` (or `product_id=`): the run that put it there. */
export const placementSchema = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  run_id: z.string(),
  at: z.string(),
  /** The conditions that held, in words. */
  because: z.array(z.string()),
})
