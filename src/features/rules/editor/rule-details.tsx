import { useController, useFormContext } from 'react-hook-form'
import type { RuleTrigger } from '@/api/rules'
import { Field } from '@/components/ui/field'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { useLockedA11y } from './edit-lock'
import { Amount, LockedSelect } from './locked-inputs'
import type { RuleFormValues } from './rule-form-values'

const triggerChoices = [
  ['video_created', 'A video is created'],
  ['video_updated', 'A video is updated'],
  ['schedule', 'On a schedule, over the library'],
  ['manual', 'Only when run by hand'],
] as const

// The rule's name and description, what wakes it, and its priority among rules that conflict.
export function RuleDetails() {
  const form = useFormContext<RuleFormValues>()
  return (
    <div className="space-y-4">
      <Field<RuleFormValues> name="name" label="Name" hint="Up to 100 characters.">
        {(a11y) => <NameInput a11y={a11y} />}
      </Field>
      <Field<RuleFormValues>
        name="description"
        label="Description"
        hint="Optional: why the rule exists."
      >
        {(a11y) => <DescriptionInput a11y={a11y} />}
      </Field>
      <TriggerField />
      <Field<RuleFormValues>
        name="priority"
        label="Priority"
        hint="0 to 1,000; lower runs first. Rules that conflict need different priorities."
      >
        {(a11y) => <PriorityInput a11y={a11y} />}
      </Field>
      <input type="hidden" {...form.register('channel_id')} />
    </div>
  )
}

type A11y = Parameters<typeof useLockedA11y>[0]

function NameInput({ a11y }: { a11y: A11y }) {
  const form = useFormContext<RuleFormValues>()
  return <TextInput {...useLockedA11y(a11y)} autoComplete="off" {...form.register('name')} />
}

function DescriptionInput({ a11y }: { a11y: A11y }) {
  const form = useFormContext<RuleFormValues>()
  return <TextArea {...useLockedA11y(a11y)} rows={2} {...form.register('description')} />
}

function PriorityInput({ a11y }: { a11y: A11y }) {
  const form = useFormContext<RuleFormValues>()
  return (
    <TextInput
      {...useLockedA11y(a11y)}
      className="block w-32"
      inputMode="numeric"
      autoComplete="off"
      {...form.register('priority', { setValueAs: toNumber })}
    />
  )
}

const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
    ? Number(value)
    : value

function TriggerField() {
  const { field, fieldState } = useController<RuleFormValues, 'trigger'>({ name: 'trigger' })
  const trigger = field.value as RuleTrigger
  const error = (fieldState.error as { every_minutes?: { message?: string } } | undefined)
    ?.every_minutes?.message
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Field<RuleFormValues> name="trigger.type" label="Runs when" className="min-w-64">
        {(a11y) => (
          <LockedSelect
            a11y={a11y}
            value={trigger.type}
            ops={triggerChoices}
            onChange={(type) =>
              field.onChange(
                type === 'schedule' ? { type, every_minutes: 1440 } : ({ type } as RuleTrigger),
              )
            }
          />
        )}
      </Field>
      {trigger.type === 'schedule' ? (
        <Amount
          id="rule-every-minutes"
          label="Every (minutes, 15 or more)"
          value={trigger.every_minutes}
          onChange={(every_minutes) => field.onChange({ ...trigger, every_minutes })}
          error={error}
        />
      ) : null}
    </div>
  )
}
