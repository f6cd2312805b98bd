import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react'
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form'
import { ServiceError } from '@/api/client'
import type { Video } from '@/api/generated/types.gen'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { panelClasses } from '@/components/ui/control-styles'
import { Form, FormRefusal } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast'
import { contractErrorMap } from '@/lib/contract-error-map'
import { usePermission } from '@/lib/permissions'
import { CtaFields } from './cta-fields'
import { CustomFieldsEditor } from './custom-fields-editor'
import { createVideoFormSchema, type VideoFormValues } from './form-schema'
import { toFormValues } from './form-values'
import { HashtagInput } from './hashtag-input'
import { buildPatchBody, patchBodySchema } from './patch-body'
import { fieldForServerMessage } from './server-errors'
import { SocialFields } from './social-fields'
import { AccessFields, TextFields } from './text-fields'
import { useChangedElsewhere } from './use-changed-elsewhere'
import { useSaveVideo } from './use-save-video'

// The edit form for every PATCH field. Only changed fields are sent; a refusal that names a field
// is shown on it, anything else above the buttons; what was typed is kept either way.
export function VideoEditForm({
  video,
  onDirtyChange,
}: {
  video: Video
  onDirtyChange?: (dirty: boolean) => void
}) {
  const toast = useToast()
  const save = useSaveVideo(video.id)
  const saving = usePermission('updateVideo')
  const stored = useRef(video)
  stored.current = video
  // The cross-field rules read the video as stored now (its external media, its attribution).
  const resolver = useMemo<Resolver<VideoFormValues>>(
    () => (values, context, options) =>
      zodResolver(createVideoFormSchema(stored.current), { error: contractErrorMap })(
        values,
        context,
        options,
      ),
    [],
  )
  const values = useMemo(() => toFormValues(video), [video])
  const form = useForm<VideoFormValues>({
    resolver,
    values,
    // A refetch (or another action on this page) updates untouched fields only.
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  })
  // Reading dirtyFields here subscribes to it, so field-array edits keep it current too.
  const { isDirty, isSubmitting, dirtyFields } = form.formState
  // reset() applies resetOptions too; saving and discarding must replace every value.
  const elsewhere = useChangedElsewhere(video, isDirty)
  const resetTo = (next: Video) => {
    elsewhere.seen(next)
    form.reset(toFormValues(next), { keepDirtyValues: false })
  }

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange])

  const onSubmit = form.handleSubmit(async (current) => {
    const body = buildPatchBody(current, dirtyFields)
    if (Object.keys(body).length === 0)
      return toast('There are no changes to save.', { tone: 'info' })
    const checked = patchBodySchema.safeParse(body)
    if (!checked.success) {
      return form.setError('root.server', {
        message: `This change cannot be sent: ${checked.error.issues[0]?.message}`,
      })
    }
    try {
      const saved = await save.mutateAsync(checked.data)
      resetTo(saved)
      toast('Saved')
    } catch (error) {
      showServerError(form, error)
    }
  })

  return (
    <Form
      form={form}
      idPrefix="video-form"
      onSubmit={onSubmit}
      aria-labelledby="edit-video-heading"
      className={`${panelClasses} space-y-6`}
    >
      <h2 id="edit-video-heading" className="text-lg font-semibold text-slate-900">
        Edit details
      </h2>
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
      {elsewhere.changed ? (
        <Callout tone="warning" role="status" title="This video changed elsewhere">
          Someone (or the service) changed this video while you were editing. Fields you have not
          touched show the new values; yours are kept, and saving writes them over the new ones.
          “Discard changes” shows the video as it is now.
        </Callout>
      ) : null}
      <FormRefusal />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button
          type="submit"
          variant="primary"
          disabled={!isDirty}
          busy={isSubmitting}
          busyLabel="Saving…"
          unavailableReason={saving.reason}
        >
          Save changes
        </Button>
        <Button disabled={isSubmitting || !isDirty} onClick={() => resetTo(stored.current)}>
          Discard changes
        </Button>
        <p className="text-sm text-slate-700" aria-live="polite">
          {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
      </div>
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

// 400/422 messages start with the field they are about; others are shown for the whole form.
function showServerError(form: UseFormReturn<VideoFormValues>, error: unknown) {
  if (error instanceof ServiceError && (error.status === 400 || error.status === 422)) {
    const field = fieldForServerMessage(error.message, form.getValues())
    if (field) {
      form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true })
      return
    }
    form.setError('root.server', {
      type: 'server',
      message: `The service refused the change: ${error.message}`,
    })
    return
  }
  const { title, detail } = describeError(error)
  form.setError('root.server', { type: 'server', message: `${title}. ${detail}` })
}
