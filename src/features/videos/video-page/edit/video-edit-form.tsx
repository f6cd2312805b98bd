import { type ReactNode, useId } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { Callout } from '@/components/ui/callout'
import { panelClasses } from '@/components/ui/control-styles'
import { Form, FormRefusal } from '@/components/ui/field'
import { usePermission } from '@/lib/permissions'
import { RoleLock } from '../layout/role-lock'
import { CtaFields } from './cta-fields'
import { CustomFieldsEditor } from './custom-fields-editor'
import { HashtagInput } from './hashtag-input'
import { SocialFields } from './social-fields'
import { AccessFields, TextFields } from './text-fields'
import { useVideoForm } from './use-video-form'

// The edit form for every PATCH field; the page's save bar saves or discards it.
export function VideoEditForm({ video }: { video: Video }) {
  const { form, changedElsewhere } = useVideoForm(video)
  const editing = usePermission('updateVideo')
  return (
    <Form
      form={form}
      idPrefix="video-form"
      // The save bar saves; Enter in a field must not send the form on its own.
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="details-heading"
      className={`${panelClasses} space-y-6`}
    >
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Details
      </h2>
      <RoleLock reason={editing.reason} className="space-y-6">
        <FormSection title="Text and hashtags">
          <TextFields />
          <HashtagInput />
        </FormSection>
        <FormSection title="Access and sound">
          <AccessFields storedAccess={video.access} />
        </FormSection>
        <FormSection title="Custom fields">
          <CustomFieldsEditor />
        </FormSection>
        <FormSection title="Call to action">
          <CtaFields storedType={video.action_type} />
        </FormSection>
        <FormSection title="Social attribution">
          <SocialFields storedUrl={video.external_media?.url ?? null} />
        </FormSection>
      </RoleLock>
      {changedElsewhere ? (
        <Callout tone="warning" role="status" title="This video changed elsewhere">
          Someone (or the service) changed this video while you were editing. Fields you have not
          touched show the new values; yours are kept, and saving writes them over the new ones.
          “Discard changes” shows the video as it is now.
        </Callout>
      ) : null}
      <FormRefusal />
    </Form>
  )
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  )
}
