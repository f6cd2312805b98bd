import { useFormContext, useWatch } from 'react-hook-form'
import { inputClass } from '../ui'
import { CheckboxField, Field } from './field'
import type { VideoFormValues } from './form-schema'

export const checkboxClass = 'size-4 rounded border-slate-500 accent-slate-900'

function Count({ name, max }: { name: 'caption' | 'description'; max: number }) {
  const value = useWatch<VideoFormValues, typeof name>({ name }) ?? ''
  return (
    <>
      {value.length} of {max} characters
    </>
  )
}

// Caption and description, with their lengths as they are typed.
export function TextFields() {
  const { register } = useFormContext<VideoFormValues>()
  return (
    <div className="space-y-4">
      <Field name="caption" label="Caption" hint={<Count name="caption" max={2200} />}>
        {(a11y) => <textarea {...a11y} {...register('caption')} rows={2} className={inputClass} />}
      </Field>
      <Field name="description" label="Description" hint={<Count name="description" max={5000} />}>
        {(a11y) => (
          <textarea {...a11y} {...register('description')} rows={4} className={inputClass} />
        )}
      </Field>
    </div>
  )
}

// Who can see the video, and whether it plays with sound.
export function AccessFields({ storedAccess }: { storedAccess: VideoFormValues['access'] }) {
  const { register } = useFormContext<VideoFormValues>()
  return (
    <div className="space-y-4">
      <Field
        name="access"
        label="Access"
        hint={
          storedAccess === 'unlisted'
            ? 'This video is unlisted, which can only be set outside the dashboard.'
            : undefined
        }
      >
        {(a11y) => (
          <select {...a11y} {...register('access')} className={inputClass}>
            <option value="public">Public</option>
            <option value="private">Private</option>
            {storedAccess === 'unlisted' ? (
              <option value="unlisted" disabled>
                Unlisted (set outside the dashboard)
              </option>
            ) : null}
          </select>
        )}
      </Field>
      <CheckboxField name="audio_disabled" label="Mute the video's sound">
        {(a11y) => (
          <input
            type="checkbox"
            {...a11y}
            {...register('audio_disabled')}
            className={checkboxClass}
          />
        )}
      </CheckboxField>
    </div>
  )
}
