import { useRef } from 'react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { inputClass, secondaryButton } from '../ui'
import { a11yProps, FieldError, fieldId, useFieldError } from './field'
import type { VideoFormValues } from './form-schema'

// Key/value rows. Saving sends the whole set, which replaces the stored one (section 2.6).
export function CustomFieldsEditor() {
  const { control } = useFormContext<VideoFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'custom_fields' })
  const addButton = useRef<HTMLButtonElement>(null)
  const rootError = useFieldError('custom_fields.root')
  const arrayError = useFieldError('custom_fields')
  const listError = rootError ?? arrayError

  return (
    <div className="space-y-3">
      <p id={`${fieldId('custom_fields')}-hint`} className="text-sm text-slate-700">
        Keys use lower-case letters, digits and underscores (up to 255); values up to 1024
        characters.
      </p>
      {fields.length === 0 ? <p className="text-sm text-slate-700">No custom fields.</p> : null}
      <ol className="space-y-3">
        {fields.map((row, index) => (
          <CustomFieldRow
            key={row.id}
            index={index}
            onRemove={() => {
              remove(index)
              addButton.current?.focus()
            }}
          />
        ))}
      </ol>
      <FieldError name="custom_fields" message={listError} />
      <button
        ref={addButton}
        type="button"
        className={secondaryButton}
        onClick={() => append({ key: '', value: '' })}
      >
        Add custom field
      </button>
    </div>
  )
}

function CustomFieldRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register } = useFormContext<VideoFormValues>()
  const keyName = `custom_fields.${index}.key` as const
  const valueName = `custom_fields.${index}.value` as const
  const keyError = useFieldError(keyName)
  const valueError = useFieldError(valueName)
  const keyA11y = a11yProps(keyName, keyError)
  const valueA11y = a11yProps(valueName, valueError)
  const number = index + 1
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-start gap-2">
      <div>
        <label htmlFor={keyA11y.id} className="block text-sm text-slate-900">
          Key {number}
        </label>
        <input
          {...keyA11y}
          {...register(keyName)}
          className={`mt-1 ${inputClass}`}
          autoComplete="off"
          spellCheck={false}
        />
        <FieldError name={keyName} message={keyError} />
      </div>
      <div>
        <label htmlFor={valueA11y.id} className="block text-sm text-slate-900">
          Value {number}
        </label>
        <input {...valueA11y} {...register(valueName)} className={`mt-1 ${inputClass}`} />
        <FieldError name={valueName} message={valueError} />
      </div>
      <button
        type="button"
        className={`mt-6 ${secondaryButton}`}
        aria-label={`Remove custom field ${number}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  )
}
