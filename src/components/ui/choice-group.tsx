import { type ComponentProps, type ReactNode, useId } from 'react'
import { labelClasses } from './control-styles'
import { FieldError, FieldHint, fieldA11y } from './field'

export interface ChoiceOption<TValue extends string> {
  value: TValue
  label: ReactNode
  hint?: ReactNode
  disabled?: boolean
}

type InputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'checked' | 'id'>

interface GroupProps<TValue extends string> {
  legend: ReactNode
  hint?: ReactNode
  error?: string | null
  options: readonly ChoiceOption<TValue>[]
  /** Ids of the options and messages start with this (a form field's id); one is made if absent. */
  id?: string
  layout?: 'row' | 'column'
  /** Spread on every input: react-hook-form's `register(name)`, or `name` with `onChange`. */
  inputProps?: InputProps
}

const inputClasses =
  'size-4 border-slate-500 text-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

function ChoiceGroup<TValue extends string>({
  type,
  legend,
  hint,
  error,
  options,
  id,
  layout = 'row',
  inputProps,
  isChecked,
  onToggle,
}: GroupProps<TValue> & {
  type: 'radio' | 'checkbox'
  isChecked?: (value: TValue) => boolean
  onToggle?: (value: TValue) => void
}) {
  const fallbackId = useId()
  const groupId = id ?? fallbackId
  return (
    <fieldset aria-describedby={fieldA11y(groupId, { hint, error })['aria-describedby']}>
      <legend className={labelClasses}>{legend}</legend>
      {hint ? <FieldHint id={groupId}>{hint}</FieldHint> : null}
      <div className={`mt-2 flex gap-x-4 gap-y-2 ${layout === 'row' ? 'flex-wrap' : 'flex-col'}`}>
        {options.map((option) => {
          const optionId = `${groupId}-${option.value}`
          return (
            <div key={option.value}>
              <label
                htmlFor={optionId}
                className="flex items-center gap-2 text-sm text-slate-900 has-disabled:text-slate-600"
              >
                <input
                  {...inputProps}
                  name={inputProps?.name ?? groupId}
                  id={optionId}
                  type={type}
                  value={option.value}
                  className={inputClasses}
                  disabled={option.disabled || inputProps?.disabled}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  {...(isChecked
                    ? {
                        checked: isChecked(option.value),
                        onChange: () => onToggle?.(option.value),
                      }
                    : {})}
                />
                {option.label}
              </label>
              {option.hint ? (
                <p id={`${optionId}-hint`} className="pl-6 text-sm text-slate-700">
                  {option.hint}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      <FieldError id={groupId} message={error} />
    </fieldset>
  )
}

/** One choice of several. With `value` it is controlled; otherwise `inputProps` registers it. */
export function RadioGroup<TValue extends string>({
  value,
  onValueChange,
  ...props
}: GroupProps<TValue> & { value?: TValue; onValueChange?: (value: TValue) => void }) {
  const controlled = value !== undefined
  return (
    <ChoiceGroup<TValue>
      type="radio"
      {...props}
      {...(controlled ? { isChecked: (option) => option === value, onToggle: onValueChange } : {})}
    />
  )
}

/** Any number of choices. With `value` it is controlled; otherwise `inputProps` registers it. */
export function CheckboxGroup<TValue extends string>({
  value,
  onValueChange,
  ...props
}: GroupProps<TValue> & {
  value?: readonly TValue[]
  onValueChange?: (value: TValue[]) => void
}) {
  const toggle = (option: TValue) =>
    onValueChange?.(
      value?.includes(option) ? value.filter((v) => v !== option) : [...(value ?? []), option],
    )
  return (
    <ChoiceGroup<TValue>
      type="checkbox"
      {...props}
      {...(value ? { isChecked: (option) => value.includes(option), onToggle: toggle } : {})}
    />
  )
}
