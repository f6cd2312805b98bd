import { useEffect, useState } from 'react'
import { labelClasses } from '@/components/ui/control-styles'
import { FieldError, FieldHint, fieldA11y } from '@/components/ui/field'
import { RangeInput } from '@/components/ui/range-input'
import { TextInput } from '@/components/ui/text-input'

/**
 * A score from 0 to 100, by slider or typed: both controls are labelled and take the same value,
 * and a typed value that is not a whole number from 0 to 100 is said to be wrong, not applied.
 */
export function ScoreField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  hint: string
  value: number
  /** Why the value cannot stand (it conflicts with another field). */
  error?: string | undefined
  onChange: (value: number) => void
}) {
  const [typed, setTyped] = useState(String(value))
  useEffect(() => setTyped(String(value)), [value])
  const typedValue = /^\d{1,3}$/.test(typed.trim()) ? Number(typed) : Number.NaN
  const typedError =
    typedValue >= 0 && typedValue <= 100 ? undefined : 'Type a whole number from 0 to 100'
  const shownError = typedError ?? error
  const numberId = `${id}-number`
  return (
    <fieldset className="space-y-1">
      <legend className={labelClasses}>{label}</legend>
      <FieldHint id={id}>{hint}</FieldHint>
      <div className="flex items-center gap-3">
        <RangeInput
          id={id}
          min={0}
          max={100}
          step={1}
          value={value}
          aria-label={label}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <TextInput
          {...fieldA11y(numberId, { error: shownError })}
          aria-label={label}
          type="number"
          min={0}
          max={100}
          step={1}
          className="w-20"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value)
            const next = event.target.value.trim()
            if (/^\d{1,3}$/.test(next) && Number(next) <= 100) onChange(Number(next))
          }}
        />
      </div>
      <FieldError id={numberId} message={shownError} />
    </fieldset>
  )
}
