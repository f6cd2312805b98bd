import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form'
import type { RuleAction } from '@/api/rules'
import { Button } from '@/components/ui/button'
import { FieldError, FieldShell } from '@/components/ui/field'
import { ActionFields, actionTypes, startOf } from './action-fields'
import { useLockReason } from './edit-lock'
import { LockedSelect } from './locked-inputs'
import type { RuleFormValues } from './rule-form-values'

const maxActions = 20

// What the rule does to each video it matches, in order: each action's type and settings, moved
// up or down with buttons, removed, or another added.
export function ActionList({ channelId }: { channelId: string }) {
  const form = useFormContext<RuleFormValues>()
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'actions' })
  const actions = useWatch({ control: form.control, name: 'actions' }) as RuleAction[]
  const { errors } = useFormState({ control: form.control, name: 'actions' })
  const lock = useLockReason()
  const set = (index: number, action: RuleAction) =>
    form.setValue(`actions.${index}`, action, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    })
  const listError = get(errors, 'actions') as { message?: string; root?: { message?: string } }
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const action = actions[index] ?? (field as unknown as RuleAction)
          const id = `rule-action-${field.id}`
          const number = index + 1
          return (
            <li key={field.id}>
              <fieldset className="space-y-2 rounded-md border border-slate-300 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  Action {number}
                </legend>
                <div className="flex flex-wrap items-end gap-2">
                  <FieldShell id={`${id}-type`} label="Do this" className="min-w-56">
                    {(a11y) => (
                      <LockedSelect
                        a11y={a11y}
                        value={action.type}
                        ops={actionTypes}
                        onChange={(type) => set(index, startOf(type as RuleAction['type']))}
                      />
                    )}
                  </FieldShell>
                  <Button
                    size="sm"
                    unavailableReason={lock}
                    disabled={index === 0}
                    onClick={() => swap(index, index - 1)}
                  >
                    Move up<span className="sr-only"> action {number}</span>
                  </Button>
                  <Button
                    size="sm"
                    unavailableReason={lock}
                    disabled={index === fields.length - 1}
                    onClick={() => swap(index, index + 1)}
                  >
                    Move down<span className="sr-only"> action {number}</span>
                  </Button>
                  <Button size="sm" unavailableReason={lock} onClick={() => remove(index)}>
                    Remove<span className="sr-only"> action {number}</span>
                  </Button>
                </div>
                <ActionFields
                  id={id}
                  channelId={channelId}
                  action={action}
                  onChange={(next) => set(index, next)}
                  errorOf={(part) =>
                    (get(errors, `actions.${index}.${part}`) as { message?: string } | undefined)
                      ?.message
                  }
                />
              </fieldset>
            </li>
          )
        })}
      </ol>
      <FieldError id="rule-actions" message={listError?.message ?? listError?.root?.message} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          unavailableReason={lock}
          disabled={fields.length >= maxActions}
          onClick={() => append(startOf('playlist_add'))}
        >
          Add action
        </Button>
        {fields.length >= maxActions ? (
          <span className="text-sm text-slate-700">A rule takes at most {maxActions} actions.</span>
        ) : null}
      </div>
    </div>
  )
}
