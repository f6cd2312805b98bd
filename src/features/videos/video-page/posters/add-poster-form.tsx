import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import * as z from 'zod'
import { toServiceError } from '@/api/client'
import { zPosterCreate } from '@/api/generated/zod.gen'
import { Button } from '@/components/ui/button'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'
import { useToast } from '@/components/ui/toast'
import { contractErrorMap } from '@/lib/contract-error-map'
import { formSave } from '../drafts/form-save'
import { useDraft } from '../drafts/page-drafts'
import { RoleLock } from '../layout/role-lock'
import type { PosterActions } from './use-poster-actions'

const imageAddress = /^https?:\/\/[^/\s]+\/\S*\.(jpe?g|png|webp)(\?\S*)?$/i

// The contract's rules for a new poster, plus the documented address rule (http(s), ending .jpg,
// .jpeg, .png or .webp). Empty optional fields are left out.
const posterFormSchema = z.object({
  url: zPosterCreate.shape.url.regex(imageAddress, {
    message: 'Enter an http(s) address of a .jpg, .jpeg, .png or .webp image.',
  }),
  weight: z.union([z.literal(''), z.coerce.number().pipe(zPosterCreate.shape.weight.unwrap())]),
  type: z.enum(['', 'static', 'animated']),
  externalId: z.union([z.literal(''), zPosterCreate.shape.external_id.unwrap()]),
})

type PosterFormValues = z.input<typeof posterFormSchema>
const empty: PosterFormValues = { url: '', weight: '', type: '', externalId: '' }

/** Which field a refusal of the service is about, by its words. */
function fieldOf(message: string): 'url' | 'externalId' | null {
  if (/external_id/i.test(message)) return 'externalId'
  if (/url|image|fetch|format|extension/i.test(message)) return 'url'
  return null
}

// A poster by address, previewed before it is sent; the service fetches and stores the image.
export function AddPosterForm({
  actions,
  reason,
}: {
  actions: PosterActions
  /** Why the role cannot add posters. */
  reason: string | undefined
}) {
  const toast = useToast()
  const form = useForm<PosterFormValues>({
    resolver: zodResolver(posterFormSchema, { error: contractErrorMap }),
    defaultValues: empty,
  })
  const url = useWatch({ control: form.control, name: 'url' })
  const [previewFailed, setPreviewFailed] = useState<string | null>(null)
  const previewable = imageAddress.test(url)
  const add = async (values: PosterFormValues) => {
    const parsed = posterFormSchema.parse(values)
    try {
      await actions.add.mutateAsync({
        url: parsed.url,
        ...(parsed.weight === '' ? {} : { weight: parsed.weight }),
        ...(parsed.type === '' ? {} : { video_poster_type: parsed.type }),
        ...(parsed.externalId === '' ? {} : { external_id: parsed.externalId }),
      })
      form.reset(empty)
      toast('Poster added.', { tone: 'success' })
      return true
    } catch (error) {
      const { message } = toServiceError(error)
      const field = fieldOf(message)
      form.setError(field ?? 'root.server', { message: `The service refused it: ${message}` })
      return false
    }
  }
  const submit = form.handleSubmit(add)
  // A poster typed and not added yet is an unsaved change: the page's bar adds or drops it, and
  // leaving asks first.
  useDraft('new-poster', 'posters', {
    labels: ['New poster'],
    count: form.formState.isDirty ? 1 : 0,
    save: formSave(form, add),
    discard: () => form.reset(empty),
  })
  return (
    <Form
      form={form}
      idPrefix="poster"
      onSubmit={submit}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 className="text-base font-semibold">Add a poster</h3>
      <RoleLock reason={reason} className="flex flex-wrap items-start gap-4">
        <div className="min-w-64 flex-1 space-y-3">
          <Field<PosterFormValues>
            name="url"
            label="Image address"
            hint=".jpg, .jpeg, .png or .webp"
          >
            {(a11y) => (
              <TextInput {...a11y} {...form.register('url')} type="url" autoComplete="off" />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Field<PosterFormValues> name="weight" label="Weight" hint="Optional, 0 to 1">
              {(a11y) => (
                <TextInput
                  {...a11y}
                  {...form.register('weight')}
                  type="number"
                  min={0}
                  max={1}
                  step={0.01}
                  className="w-28"
                />
              )}
            </Field>
            <Field<PosterFormValues> name="type" label="Type">
              {(a11y) => (
                <Select {...a11y} {...form.register('type')}>
                  <option value="">From the file</option>
                  <option value="static">Static</option>
                  <option value="animated">Animated</option>
                </Select>
              )}
            </Field>
            <Field<PosterFormValues>
              name="externalId"
              label="External id"
              hint="Optional, unique in this video"
            >
              {(a11y) => (
                <TextInput {...a11y} {...form.register('externalId')} autoComplete="off" />
              )}
            </Field>
          </div>
        </div>
        <figure className="w-32 space-y-1 text-xs text-slate-700">
          {previewable && previewFailed !== url ? (
            <img
              src={url}
              alt="Preview of the new poster"
              className="max-h-40 w-full rounded border border-slate-200 object-contain"
              onError={() => setPreviewFailed(url)}
            />
          ) : (
            <div
              aria-hidden="true"
              className="h-40 w-full rounded border border-dashed border-slate-300"
            />
          )}
          <figcaption>
            {previewFailed === url && previewable
              ? 'This browser cannot show the image; the service may still fetch it.'
              : 'Preview'}
          </figcaption>
        </figure>
      </RoleLock>
      <FormRefusal />
      <Button
        type="submit"
        unavailableReason={reason}
        busy={form.formState.isSubmitting}
        busyLabel="Adding…"
      >
        Add poster
      </Button>
    </Form>
  )
}
