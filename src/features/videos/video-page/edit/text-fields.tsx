import { useFormContext, useWatch } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { CheckboxField, Field } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextArea } from '@/components/ui/text-input'
import { accessLabels } from '@/lib/video-facts'
import type { VideoFormValues } from './form-schema'

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
      <Field<VideoFormValues>
        name="caption"
        label="Caption"
        hint={<Count name="caption" max={2200} />}
      >
        {(a11y) => <TextArea {...a11y} {...register('caption')} rows={2} />}
      </Field>
      <Field<VideoFormValues>
        name="description"
        label="Description"
        hint={<Count name="description" max={5000} />}
      >
        {(a11y) => <TextArea {...a11y} {...register('description')} rows={4} />}
      </Field>
    </div>
  )
}

// Who can see the video, and whether it plays with sound.
export function AccessFields({ storedAccess }: { storedAccess: VideoFormValues['access'] }) {
  const { register } = useFormContext<VideoFormValues>()
  return (
    <div className="space-y-4">
      <Field<VideoFormValues>
        name="access"
        label="Access"
        hint={
          storedAccess === 'unlisted'
            ? 'This video is unlisted, which can only be set outside the dashboard.'
            : undefined
        }
      >
        {(a11y) => (
          <Select {...a11y} {...register('access')}>
            <option value="public">{accessLabels.public}</option>
            <option value="private">{accessLabels.private}</option>
            {storedAccess === 'unlisted' ? (
              <option value="unlisted" disabled>
                Unlisted (set outside the dashboard)
              </option>
            ) : null}
          </Select>
        )}
      </Field>
      <CheckboxField<VideoFormValues> name="audio_disabled" label="Mute the video's sound">
        {(a11y) => <Checkbox {...a11y} {...register('audio_disabled')} />}
      </CheckboxField>
    </div>
  )
}
