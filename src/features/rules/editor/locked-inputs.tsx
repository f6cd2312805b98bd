import { FieldShell } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'
import { useLockedA11y } from './edit-lock'
import { NumberText } from './number-text'

// The editor's inputs, each labelled, and disabled with the lock's reason for a viewer.

type A11y = Parameters<typeof useLockedA11y>[0]

export type Choices = readonly (readonly [value: string, label: string])[]

/** A select of (value, words) pairs, or of labelled groups of them. */
export function LockedSelect({
  a11y,
  value,
  ops = [],
  groups = [],
  onChange,
  selectRef,
}: {
  a11y: A11y
  selectRef?: (element: HTMLSelectElement | null) => void
  value: string
  ops?: Choices
  groups?: readonly { label: string; ops: Choices }[]
  onChange: (value: string) => void
}) {
  const locked = useLockedA11y(a11y)
  const options = (choices: Choices) =>
    choices.map(([choice, label]) => (
      <option key={choice} value={choice}>
        {label}
      </option>
    ))
  return (
    <Select
      {...locked}
      ref={selectRef}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {options(ops)}
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {options(group.ops)}
        </optgroup>
      ))}
    </Select>
  )
}

export function Words({
  id,
  label,
  hint,
  type = 'text',
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  hint?: string
  type?: 'text' | 'date'
  value: string
  onChange?: (value: string) => void
  error: string | undefined
}) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className="min-w-48 flex-1">
      {(a11y) => (
        <LockedText a11y={a11y} type={type} value={value} onChange={(text) => onChange?.(text)} />
      )}
    </FieldShell>
  )
}

function LockedText({
  a11y,
  type,
  value,
  onChange,
}: {
  a11y: A11y
  type: string
  value: string
  onChange: (text: string) => void
}) {
  const locked = useLockedA11y(a11y)
  return (
    <TextInput
      {...locked}
      type={type}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

export function Amount({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  value: unknown
  onChange: (value: number | string) => void
  error: string | undefined
}) {
  return (
    <FieldShell id={id} label={label} error={error} className="w-32">
      {(a11y) => <LockedNumber a11y={a11y} value={value} onChange={onChange} />}
    </FieldShell>
  )
}

function LockedNumber({
  a11y,
  value,
  onChange,
}: {
  a11y: A11y
  value: unknown
  onChange: (value: number | string) => void
}) {
  const locked = useLockedA11y(a11y)
  return <NumberText {...locked} value={value} onValueChange={onChange} />
}
