import { useRef } from 'react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FieldError, fieldA11y, useFieldError, useFieldId } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import type { VideoFormValues } from './form-schema'

// Key/value rows. Saving sends the whole set, which replaces the stored one (section 2.6).
export function CustomFieldsEditor() {
  const { control } = useFormContext<VideoFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'custom_fields' })
  const addButton = useRef<HTMLButtonElement>(null)
  const rootError = useFieldError<VideoFormValues>('custom_fields.root')
  const arrayError = useFieldError<VideoFormValues>('custom_fields')
  const listError = rootError ?? arrayError
  const listId = useFieldId('custom_fields')

  return (
    <div className="space-y-3">
      <p id={`${listId}-hint`} className="text-sm text-slate-700">
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
      <FieldError id={listId} message={listError} />
      <Button ref={addButton} onClick={() => append({ key: '', value: '' })}>
        Add custom field
      </Button>
    </div>
  )
}

function CustomFieldRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register } = useFormContext<VideoFormValues>()
  const keyName = `custom_fields.${index}.key` as const
  const valueName = `custom_fields.${index}.value` as const
  const keyError = useFieldError<VideoFormValues>(keyName)
  const valueError = useFieldError<VideoFormValues>(valueName)
  const keyA11y = fieldA11y(useFieldId(keyName), { error: keyError })
  const valueA11y = fieldA11y(useFieldId(valueName), { error: valueError })
  const number = index + 1
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-start gap-2">
      <div>
        <label htmlFor={keyA11y.id} className="block text-sm text-slate-900">
          Key {number}
        </label>
        <TextInput
          {...keyA11y}
          {...register(keyName)}
          className="mt-1 block w-full"
          autoComplete="off"
          spellCheck={false}
        />
        <FieldError id={keyA11y.id} message={keyError} />
      </div>
      <div>
        <label htmlFor={valueA11y.id} className="block text-sm text-slate-900">
          Value {number}
        </label>
        <TextInput {...valueA11y} {...register(valueName)} className="mt-1 block w-full" />
        <FieldError id={valueA11y.id} message={valueError} />
      </div>
      <Button className="mt-6" aria-label={`Remove custom field ${number}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  )
}
