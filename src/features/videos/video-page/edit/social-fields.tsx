import { useFormContext } from 'react-hook-form'
import { safeHttpUrl } from '../../../../lib/format'
import { inputClass, linkClass } from '../ui'
import { CheckboxField, Field } from './field'
import type { VideoFormValues } from './form-schema'
import { checkboxClass } from './text-fields'

// Where the video was first posted, and whether the player credits its creator (section 2.2).
export function SocialFields({ storedUrl }: { storedUrl: string | null }) {
  const { register } = useFormContext<VideoFormValues>()
  const original = safeHttpUrl(storedUrl)
  return (
    <div className="space-y-4">
      {original ? (
        <p className="text-sm text-slate-700">
          Original post:{' '}
          <a href={original} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {original}
          </a>
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="external_media.source"
          label="Platform"
          hint="For example tiktok, instagram or youtube."
        >
          {(a11y) => (
            <input
              {...a11y}
              {...register('external_media.source')}
              className={inputClass}
              autoComplete="off"
            />
          )}
        </Field>
        <Field name="external_media.username" label="Creator's username">
          {(a11y) => (
            <input
              {...a11y}
              {...register('external_media.username')}
              className={inputClass}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <Field name="external_media.url" label="Original post address">
        {(a11y) => (
          <input
            {...a11y}
            {...register('external_media.url')}
            type="url"
            inputMode="url"
            className={inputClass}
          />
        )}
      </Field>
      <CheckboxField
        name="external_media.navigation_enabled"
        label="Let viewers open the original post from the player"
      >
        {(a11y) => (
          <input
            type="checkbox"
            {...a11y}
            {...register('external_media.navigation_enabled')}
            className={checkboxClass}
          />
        )}
      </CheckboxField>
      <CheckboxField
        name="display_social_attributions"
        label="Show the creator's attribution in the player"
        hint="Needs the platform, address and username above."
      >
        {(a11y) => (
          <input
            type="checkbox"
            {...a11y}
            {...register('display_social_attributions')}
            className={checkboxClass}
          />
        )}
      </CheckboxField>
    </div>
  )
}
