import type { RuleDefinition, RuleTrigger } from '../../../src/api/rules.ts'
import { actionInWords } from './condition-words.ts'

// What changed between two states of a rule, in words, for its history.

export function triggerInWords(trigger: RuleTrigger): string {
  switch (trigger.type) {
    case 'video_created':
      return 'when a video is created'
    case 'video_updated':
      return 'when a video is updated'
    case 'schedule':
      return `every ${trigger.every_minutes} minutes`
    case 'manual':
      return 'when run by hand'
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields that differ from `before` to `after`, in words; none when they are the same. */
export function changesInWords(before: RuleDefinition, after: RuleDefinition): string[] {
  const changes: string[] = []
  if (before.name !== after.name) changes.push(`renamed from “${before.name}” to “${after.name}”`)
  if (before.description !== after.description) changes.push('description')
  if (before.channel_id !== after.channel_id)
    changes.push(`channel from ${before.channel_id} to ${after.channel_id}`)
  if (!same(before.trigger, after.trigger))
    changes.push(
      `trigger from ${triggerInWords(before.trigger)} to ${triggerInWords(after.trigger)}`,
    )
  if (!same(before.conditions, after.conditions)) changes.push('conditions')
  if (!same(before.actions, after.actions)) {
    const words = (definition: RuleDefinition) => definition.actions.map((a) => actionInWords(a))
    const added = words(after).filter((action) => !words(before).includes(action))
    const removed = words(before).filter((action) => !words(after).includes(action))
    changes.push(
      added.length + removed.length === 0
        ? 'order of the actions'
        : `actions (${[...added.map((a) => `now ${a}`), ...removed.map((a) => `no longer ${a}`)].join('; ')})`,
    )
  }
  if (before.priority !== after.priority)
    changes.push(`priority from ${before.priority} to ${after.priority}`)
  return changes
}
