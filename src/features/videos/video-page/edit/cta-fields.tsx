import { useFormContext, useWatch } from 'react-hook-form'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'
import type { VideoFormValues } from './form-schema'
import { ctaTypes } from './form-values'

// Call to action: a type, the address it opens (required with a type) and, for the custom type
// only, its label.
export function CtaFields({ storedType }: { storedType: string | null }) {
  const { register } = useFormContext<VideoFormValues>()
  const type = useWatch<VideoFormValues, 'action_type'>({ name: 'action_type' })
  const extraType =
    storedType && !ctaTypes.some((cta) => cta.value === storedType) ? storedType : null
  return (
    <div className="space-y-4">
      <Field<VideoFormValues> name="action_type" label="Action type">
        {(a11y) => (
          <Select {...a11y} {...register('action_type')}>
            <option value="">None</option>
            {ctaTypes.map((cta) => (
              <option key={cta.value} value={cta.value}>
                {cta.label}
              </option>
            ))}
            {extraType ? <option value={extraType}>{extraType}</option> : null}
          </Select>
        )}
      </Field>
      {type !== '' ? (
        <Field<VideoFormValues>
          name="action_url"
          label="Link address"
          hint="Where the button takes the viewer (https://…)."
        >
          {(a11y) => (
            <TextInput
              {...a11y}
              {...register('action_url')}
              type="url"
              inputMode="url"
              aria-required="true"
            />
          )}
        </Field>
      ) : null}
      {type === 'custom' ? (
        <Field<VideoFormValues>
          name="action_custom_label"
          label="Button label"
          hint="Up to 80 characters."
        >
          {(a11y) => <TextInput {...a11y} {...register('action_custom_label')} />}
        </Field>
      ) : null}
    </div>
  )
}
