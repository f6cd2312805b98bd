import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { type Control, useWatch } from 'react-hook-form'
import { rulePreviewQuery } from '@/api/queries/rules'
import {
  actionSchema,
  conditionGroupSchema,
  type RuleDefinition,
  ruleDefinitionSchema,
} from '@/api/rules'
import type { RuleFormValues } from './rule-form-values'

// While a rule is edited, what it matches now: asked once typing pauses, the last answer shown
// (marked as updating) until the next arrives, each answer kept a while for the same definition.

const pauseMs = 300

/**
 * The definition to preview, or why there is none yet. Actions not filled in yet are left out, so
 * the count follows the conditions from the first keystroke; with none filled in, a notice to the
 * followers stands in (it enters and leaves no playlist).
 */
export function previewDefinition(values: RuleFormValues): RuleDefinition | string {
  const conditions = conditionGroupSchema.safeParse(values.conditions)
  if (!conditions.success) return 'Finish the conditions to see what they match.'
  const actions = (values.actions ?? []).filter((action) => actionSchema.safeParse(action).success)
  const parsed = ruleDefinitionSchema.safeParse({
    ...values,
    name: values.name?.trim() || 'Rule being written',
    actions: actions.length > 0 ? actions : [{ type: 'notify', message: 'preview' }],
  })
  return parsed.success ? parsed.data : 'Finish the rule’s settings to see what it matches.'
}

function useSettled<T>(value: T, key: string): T {
  const [settled, setSettled] = useState({ value, key })
  useEffect(() => {
    if (key === settled.key) return
    const timer = setTimeout(() => setSettled({ value, key }), pauseMs)
    return () => clearTimeout(timer)
  }, [value, key, settled.key])
  return settled.value
}

export function useRulePreview(
  control: Control<RuleFormValues, unknown, RuleDefinition>,
  ruleId: string | null,
) {
  const queryClient = useQueryClient()
  const values = useWatch({ control }) as RuleFormValues
  const wanted = useMemo(() => previewDefinition(values), [values])
  const wantedKey = JSON.stringify(wanted)
  const definition = useSettled(wanted, wantedKey)
  const preview = useQuery({
    ...rulePreviewQuery(
      typeof definition === 'string' ? ({} as RuleDefinition) : definition,
      ruleId,
    ),
    enabled: typeof definition !== 'string',
    placeholderData: keepPreviousData,
  })
  return {
    preview,
    /** Why nothing is previewed yet, in words. */
    notYet: typeof definition === 'string' ? definition : null,
    /** The shown answer is for an earlier definition than the one being typed. */
    updating: preview.isPlaceholderData || wantedKey !== JSON.stringify(definition),
    /**
     * The checker's findings for exactly these values: the answer shown when it is theirs, else
     * asked now (a save right after a change comes before the pause); none if it cannot be asked.
     */
    findingsFor: (values: RuleFormValues) => {
      const current = previewDefinition(values)
      if (typeof current === 'string') return Promise.resolve([])
      return queryClient
        .fetchQuery(rulePreviewQuery(current, ruleId))
        .then((answer) => answer.findings)
        .catch(() => [])
    },
  }
}
