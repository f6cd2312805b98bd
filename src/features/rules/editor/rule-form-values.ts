import { zodResolver } from '@hookform/resolvers/zod'
import type * as z from 'zod'
import { type Rule, type RuleDefinition, ruleDefinitionSchema } from '@/api/rules'
import { contractErrorMap } from '@/lib/contract-error-map'
import { withKeys } from './node-keys'

export type RuleFormValues = z.input<typeof ruleDefinitionSchema>

/** A new rule: on new videos, no conditions yet, one action to fill in. */
export const newRuleValues = (channelId: string): RuleFormValues => ({
  name: '',
  description: '',
  channel_id: channelId,
  trigger: { type: 'video_created' },
  conditions: withKeys({ group: 'all', children: [] }),
  actions: [{ type: 'playlist_add', playlist_id: '', position: 'top' }],
  priority: 100,
})

/** A saved rule's definition, as the form edits it. */
export const valuesOf = (rule: Rule): RuleFormValues => ({
  name: rule.name,
  description: rule.description,
  channel_id: rule.channel_id,
  trigger: rule.trigger,
  conditions: withKeys(rule.conditions),
  actions: rule.actions,
  priority: rule.priority,
})

// The rule's schema in a merchandiser's words: a number where words were typed, a playlist or
// product not chosen yet, a list too short or too long.
const ruleErrorMap: z.core.$ZodErrorMap = (issue) => {
  const last = issue.path?.at(-1)
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return 'Enter a number.'
      return undefined
    case 'too_small':
      if (issue.origin === 'number') return `Enter ${issue.minimum} or more.`
      if (issue.origin === 'array' && last === 'actions') return 'Add at least one action.'
      if (issue.origin === 'array' && last === 'product_ids') return 'Choose at least one product.'
      if (issue.origin === 'string' && issue.minimum === 1) {
        if (last === 'playlist_id') return 'Choose a playlist.'
        if (last === 'value') return 'Fill this in.'
      }
      return contractErrorMap(issue)
    case 'too_big':
      if (issue.origin === 'number') return `Enter ${issue.maximum} or less.`
      return contractErrorMap(issue)
    case 'invalid_format':
      if (issue.format === 'date') return 'Enter a day.'
      return undefined
    case 'invalid_union':
      if (last === 'position') return 'Enter a position: 1 is the first.'
      if (last === 'value') return 'Enter a number of days, or a day.'
      return undefined
    default:
      return contractErrorMap(issue)
  }
}

export const ruleResolver = zodResolver(ruleDefinitionSchema, { error: ruleErrorMap })

/** The definition as it stands, when it is complete enough to preview (null otherwise). */
export function previewable(values: RuleFormValues): RuleDefinition | null {
  const parsed = ruleDefinitionSchema.safeParse(values)
  return parsed.success ? parsed.data : null
}
