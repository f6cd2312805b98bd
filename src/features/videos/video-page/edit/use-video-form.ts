import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useRef } from 'react'
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form'
import { ServiceError } from '@/api/client'
import type { Video } from '@/api/generated/types.gen'
import { describeError } from '@/components/error-panel'
import { useToast } from '@/components/ui/toast'
import { contractErrorMap } from '@/lib/contract-error-map'
import { formSave } from '../drafts/form-save'
import { useDraft } from '../drafts/page-drafts'
import { changedFieldLabels } from './changed-fields'
import { createVideoFormSchema, type VideoFormValues } from './form-schema'
import { toFormValues } from './form-values'
import { buildPatchBody, patchBodySchema } from './patch-body'
import { fieldForServerMessage } from './server-errors'
import { useChangedElsewhere } from './use-changed-elsewhere'
import { useSaveVideo } from './use-save-video'

// The edit form's state, saved and discarded from the page's save bar. Only changed fields are
// sent; a refusal that names a field is shown on it, anything else at the form's end; what was
// typed is kept either way.
export function useVideoForm(video: Video) {
  const toast = useToast()
  const save = useSaveVideo(video.id)
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
  const { isDirty, dirtyFields } = form.formState
  const elsewhere = useChangedElsewhere(video, isDirty)
  // reset() applies resetOptions too; saving and discarding must replace every value.
  const resetTo = (next: Video) => {
    elsewhere.seen(next)
    form.reset(toFormValues(next), { keepDirtyValues: false })
  }

  const persist = async (current: VideoFormValues): Promise<boolean> => {
    const body = buildPatchBody(current, dirtyFields)
    if (Object.keys(body).length === 0) {
      resetTo(stored.current)
      return true
    }
    const checked = patchBodySchema.safeParse(body)
    if (!checked.success) {
      form.setError('root.server', {
        message: `This change cannot be sent: ${checked.error.issues[0]?.message}`,
      })
      return false
    }
    try {
      resetTo(await save.mutateAsync(checked.data))
      toast('Saved')
      return true
    } catch (error) {
      showServerError(form, error)
      return false
    }
  }

  // isDirty alone blinks off while a refetch resets the untouched fields; the fields marked
  // dirty do not.
  const changed = changedFieldLabels(dirtyFields)
  useDraft('video-fields', 'details', {
    labels: changed.length > 0 ? changed : ['Details'],
    count: changed.length > 0 ? changed.length : isDirty ? 1 : 0,
    save: formSave(form, persist),
    discard: () => resetTo(stored.current),
  })

  return { form, changedElsewhere: elsewhere.changed }
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
