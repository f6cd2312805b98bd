import type { RuleAction, RuleDefinition, RuleFinding } from '../../../src/api/rules.ts'
import {
  afterActions,
  fieldsChangedBy,
  fieldsRead,
  type Outcome,
  opposite,
  outcomesOf,
  patternsOf,
  placeOf,
} from './action-effects.ts'
import { actionInWords } from './condition-words.ts'
import { conditionsHold } from './evaluate.ts'
import { countMatching, firstMatching, type MatchSource } from './matching-videos.ts'
import { readRuleProducts, readRuleVideos } from './rule-facts.ts'
import { patternProblem } from './rule-patterns.ts'
import { enabledRules } from './rule-store.ts'
import type { RulesDb, StoredRule } from './rules-deps.ts'

// What the checker finds when a rule is saved, switched on or tried (decision 0024): opposite
// actions on one target, rules that overlap with different outcomes, a rule that hears its own
// change and matches again, and expressions that cannot be used. Two rules in conflict on videos
// they both match now must have different priorities: that one blocks.

export interface CheckSource extends MatchSource {
  db: RulesDb
}

interface Decision extends Outcome {
  action: RuleAction
}

const decisions = (definition: RuleDefinition): Decision[] =>
  definition.actions.flatMap((action) =>
    outcomesOf(action).map((outcome) => ({
      ...outcome,
      outcome: outcome.outcome === 'in' ? `in@${placeOf(action)}` : outcome.outcome,
      action,
    })),
  )

const isOpposite = (a: Decision, b: Decision) =>
  opposite(a.outcome.replace(/@.*/, ''), b.outcome.replace(/@.*/, ''))

function regexFindings(definition: RuleDefinition): RuleFinding[] {
  return patternsOf(definition.conditions).flatMap((pattern): RuleFinding[] => {
    const problem = patternProblem(pattern)
    if (problem)
      return [{ kind: 'regex', message: `/${pattern}/ ${problem}`, rule_id: null, blocking: true }]
    if (new RegExp(pattern, 'i').test(''))
      return [
        {
          kind: 'regex',
          message: `/${pattern}/ matches an empty text, so it holds for every video with that text`,
          rule_id: null,
          blocking: false,
        },
      ]
    return []
  })
}

function withinRule(definition: RuleDefinition): RuleFinding[] {
  const all = decisions(definition)
  const findings: RuleFinding[] = []
  for (const [index, a] of all.entries())
    for (const b of all.slice(index + 1)) {
      if (a.target !== b.target || a.outcome === b.outcome) continue
      const both = `“${actionInWords(a.action)}” and “${actionInWords(b.action)}”`
      findings.push(
        isOpposite(a, b)
          ? {
              kind: 'opposite_actions',
              message: `This rule both ${both}: one undoes the other on every video it matches`,
              rule_id: null,
              blocking: false,
            }
          : {
              kind: 'overlap',
              message: `This rule both ${both}: only the last one stays`,
              rule_id: null,
              blocking: false,
            },
      )
    }
  return findings
}

const videos = (count: number) => (count === 1 ? '1 video' : `${count} videos`)

async function betweenRules(
  source: CheckSource,
  definition: RuleDefinition,
  ruleId: string | null,
): Promise<RuleFinding[]> {
  const mine = decisions(definition)
  if (mine.length === 0) return []
  const others = await enabledRules(source.db, definition.channel_id, ruleId ?? undefined)
  const findings: RuleFinding[] = []
  for (const other of others) {
    const clashes = decisions(other.definition).flatMap((theirs) =>
      mine
        .filter((ours) => ours.target === theirs.target && ours.outcome !== theirs.outcome)
        .map((ours) => ({ ours, theirs })),
    )
    if (clashes.length === 0) continue
    const shared = await countMatching(source, definition.channel_id, {
      group: 'all',
      children: [definition.conditions, other.definition.conditions],
    })
    if (shared === 0) continue
    findings.push(...conflictFindings(definition, other, clashes, shared))
  }
  return findings
}

function conflictFindings(
  definition: RuleDefinition,
  other: StoredRule,
  clashes: { ours: Decision; theirs: Decision }[],
  shared: number,
): RuleFinding[] {
  const name = `“${other.definition.name}”`
  const [first] = clashes as [{ ours: Decision; theirs: Decision }]
  const fights = clashes.some(({ ours, theirs }) => isOpposite(ours, theirs))
  const what = `this rule ${actionInWords(first.ours.action)} and ${name} ${actionInWords(first.theirs.action)}`
  const findings: RuleFinding[] = [
    fights
      ? {
          kind: 'opposite_actions',
          message: `On ${videos(shared)} both match now, ${what}: each undoes the other`,
          rule_id: other.id,
          blocking: false,
        }
      : {
          kind: 'overlap',
          message: `On ${videos(shared)} both match now, ${what}: the outcomes differ`,
          rule_id: other.id,
          blocking: false,
        },
  ]
  if (other.definition.priority === definition.priority)
    findings.push({
      kind: 'needs_priority',
      message: `This rule and ${name} conflict on ${videos(shared)} and have the same priority (${definition.priority}): give one of them another priority (lower runs first, so the higher number’s outcome stays)`,
      rule_id: other.id,
      blocking: true,
    })
  return findings
}

/**
 * A rule woken by video_updated whose actions change what its conditions read triggers itself
 * when the video still matches afterwards: tried on the first videos it matches now (as the
 * index can tell), or said to be possible when it matches none.
 */
async function selfTrigger(
  source: CheckSource,
  definition: RuleDefinition,
  now: Date,
  matches?: Promise<readonly string[]>,
) {
  if (definition.trigger.type !== 'video_updated') return []
  const read = fieldsRead(definition.conditions)
  const feeding = definition.actions.filter((action) =>
    [...fieldsChangedBy(action)].some((field) => read.has(field)),
  )
  if (feeding.length === 0) return []
  const what = feeding.map((action) => `“${actionInWords(action)}”`).join(' and ')
  const sample = (
    matches
      ? await matches
      : (await firstMatching(source, definition.channel_id, definition.conditions, 20, now)).map(
          (row) => row.id,
        )
  ).slice(0, 20)
  const finding = (message: string): RuleFinding[] => [
    { kind: 'self_trigger', message, rule_id: null, blocking: false },
  ]
  if (sample.length === 0)
    return finding(
      `${what} changes what this rule’s conditions read, so a video it acts on may match it again on its own video_updated`,
    )
  const facts = await readRuleVideos(source.reads, source.pendingSuggestions, sample)
  const tagged = definition.actions.flatMap((action) =>
    action.type === 'tag' ? action.product_ids : [],
  )
  const products = await readRuleProducts(source.reads, tagged)
  const again = [...facts.values()].filter((video) =>
    conditionsHold(
      definition.conditions,
      afterActions(video, definition.actions, products, now),
      now,
    ),
  )
  if (again.length === 0) return []
  return finding(
    `${what} changes the video, and the video_updated that follows matches this rule again (such as video ${again[0]?.id}); the second run finds its actions in place and stops, unless another rule changes the video back`,
  )
}

/**
 * Everything the checker finds about `definition` (the rule `ruleId`, or a new one); `matches`,
 * when the caller reads them anyway, are the first videos it matches now.
 */
export async function checkRule(
  source: CheckSource,
  definition: RuleDefinition,
  ruleId: string | null,
  now: Date = new Date(),
  matches?: Promise<readonly string[]>,
): Promise<RuleFinding[]> {
  const regex = regexFindings(definition)
  // An expression the databases cannot run stops the rest.
  if (regex.some((finding) => finding.blocking)) return regex
  return [
    ...regex,
    ...withinRule(definition),
    ...(await betweenRules(source, definition, ruleId)),
    ...(await selfTrigger(source, definition, now, matches)),
  ]
}

/** The reason a save or a switch is refused, or null. */
export const blockingReason = (findings: readonly RuleFinding[]) => {
  const blocking = findings.filter((finding) => finding.blocking)
  return blocking.length ? blocking.map((finding) => finding.message).join('; ') : null
}
