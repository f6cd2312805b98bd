import { useFormContext } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { linkClasses } from '@/components/ui/control-styles'
import { CheckboxField, Field } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { safeHttpUrl } from '@/lib/format'
import type { VideoFormValues } from './form-schema'

// Where the video was first posted, and whether the player credits its creator (section 2.2).
export function SocialFields({ storedUrl }: { storedUrl: string | null }) {
  const { register } = useFormContext<VideoFormValues>()
  const original = safeHttpUrl(storedUrl)
  return (
    <div className="space-y-4">
      {original ? (
        <p className="text-sm text-slate-700">
          Original post:{' '}
          <a
            href={original}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClasses} break-all`}
          >
            {original}
          </a>
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field<VideoFormValues>
          name="external_media.source"
          label="Platform"
          hint="For example tiktok, instagram or youtube."
        >
          {(a11y) => (
            <TextInput {...a11y} {...register('external_media.source')} autoComplete="off" />
          )}
        </Field>
        <Field<VideoFormValues> name="external_media.username" label="Creator's username">
          {(a11y) => (
            <TextInput {...a11y} {...register('external_media.username')} autoComplete="off" />
          )}
        </Field>
      </div>
      <Field<VideoFormValues> name="external_media.url" label="Original post address">
        {(a11y) => (
          <TextInput {...a11y} {...register('external_media.url')} type="url" inputMode="url" />
        )}
      </Field>
      <CheckboxField<VideoFormValues>
        name="external_media.navigation_enabled"
        label="Let viewers open the original post from the player"
      >
        {(a11y) => <Checkbox {...a11y} {...register('external_media.navigation_enabled')} />}
      </CheckboxField>
      <CheckboxField<VideoFormValues>
        name="display_social_attributions"
        label="Show the creator's attribution in the player"
        hint="Needs the platform, address and username above."
      >
        {(a11y) => <Checkbox {...a11y} {...register('display_social_attributions')} />}
      </CheckboxField>
    </div>
  )
}
