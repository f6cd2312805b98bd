import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { zPlaylistCreate } from '@/api/generated/zod.gen'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Dialog, FormDialogFooter } from '@/components/ui/dialog'
import { Field, Form } from '@/components/ui/field'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { contractErrorMap } from '@/lib/contract-error-map'
import { formatVideoCount } from '@/lib/format'

const VideoPickerDialog = lazy(() =>
  import('../picker/video-picker-dialog').then((module) => ({ default: module.VideoPickerDialog })),
)

// The contract's rules for a name and a description; an empty description is no description.
const formSchema = z.object({
  name: z.string().trim().pipe(zPlaylistCreate.shape.name),
  description: z.string().pipe(zPlaylistCreate.shape.description.unwrap().unwrap()),
})

export type PlaylistFormValues = z.infer<typeof formSchema>
export interface PlaylistFormResult {
  name: string
  description: string | null
  videoIds: string[]
}

// Create a playlist (with videos chosen from the library, if wanted) or edit its name and
// description. A refusal is shown in the dialog; what was typed stays.
export function PlaylistFormDialog({
  title,
  submitLabel,
  channelId,
  initial,
  onSubmit,
  onClose,
}: {
  title: string
  submitLabel: string
  /** With a channel, videos can be chosen to start the playlist with. */
  channelId?: string
  initial: PlaylistFormValues
  onSubmit: (result: PlaylistFormResult) => Promise<unknown>
  onClose: () => void
}) {
  const form = useForm<PlaylistFormValues>({
    resolver: zodResolver(formSchema, { error: contractErrorMap }),
    defaultValues: initial,
  })
  const [videoIds, setVideoIds] = useState<string[]>([])
  const [picking, setPicking] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      await onSubmit({
        name: values.name,
        description: values.description.trim() === '' ? null : values.description,
        videoIds,
      })
    } catch (error) {
      const { title: what, detail } = describeError(error)
      setRefusal(`${what}. ${detail}`)
    }
  })
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={submitting}
      size="md"
      footer={
        <FormDialogFooter
          formId="playlist-form"
          submitLabel={submitLabel}
          busy={submitting}
          onCancel={onClose}
        />
      }
    >
      <Form
        form={form}
        idPrefix="playlist"
        id="playlist-form"
        onSubmit={submit}
        className="space-y-4"
      >
        <Field<PlaylistFormValues> name="name" label="Name" hint="Up to 100 characters.">
          {(a11y) => <TextInput {...a11y} {...form.register('name')} autoComplete="off" />}
        </Field>
        <Field<PlaylistFormValues> name="description" label="Description" hint="Optional.">
          {(a11y) => <TextArea {...a11y} {...form.register('description')} rows={3} />}
        </Field>
        {channelId ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => setPicking(true)}>Choose videos…</Button>
            <p className="text-sm text-slate-700" aria-live="polite">
              {videoIds.length === 0
                ? 'Optional: the playlist can start empty.'
                : `${formatVideoCount(videoIds.length)} chosen, in the order you chose them.`}
            </p>
          </div>
        ) : null}
        {refusal ? (
          <Callout tone="danger" role="alert">
            Not saved: {refusal}
          </Callout>
        ) : null}
      </Form>
      {picking && channelId ? (
        <Suspense fallback={null}>
          <VideoPickerDialog
            channelId={channelId}
            inPlaylist={new Set()}
            playlistLength={0}
            initiallyChosen={videoIds}
            choosePosition={false}
            onAdd={({ videoIds: chosen }) => {
              setVideoIds(chosen)
              setPicking(false)
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </Dialog>
  )
}
