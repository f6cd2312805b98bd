import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { createVideo } from '@/api/generated/sdk.gen'
import type { Video, VideoCreateJson, VideoImport, VideoMetadata } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { errorClasses, linkClasses } from '@/components/ui/control-styles'
import { Field, Form } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { importKeys } from '../queries'
import { ImportList } from './import-list'
import { importRequestProblem } from './import-wording'
import { importPollMs } from './poll-interval'
import { readTrackedImports, type TrackedImport, writeTrackedImports } from './tracked-imports'
import { fileNameFromUrl, urlImportProblem } from './url-rules'
import { useImportLiveUpdates } from './use-import-live-updates'

const urlImportSchema = z.object({
  url: z.string().superRefine((text, context) => {
    const problem = urlImportProblem(text)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
  mode: z.enum(['sync', 'async']),
})

type UrlImportValues = z.infer<typeof urlImportSchema>

export interface UrlImportSectionProps {
  channelId: string
  /** The details for a file of this name; null while the details form is invalid. */
  detailsFor: (fileName: string) => VideoMetadata | null
  onVideoCreated: (video: Video) => void
}

type Outcome =
  | { kind: 'details-invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'created'; video: Video; name: string }
  | { kind: 'started'; name: string }

type Answer = { kind: 'video'; video: Video } | { kind: 'job'; job: VideoImport }

const modes = [
  {
    value: 'sync',
    label: 'Wait for the download',
    hint: 'The video is created while you wait. A big file can take longer than the service waits, and the import then fails.',
  },
  {
    value: 'async',
    label: 'Import in the background',
    hint: 'Best for big files. The service downloads the file on its own; its progress shows below, even after you reload this page.',
  },
] as const

export function UrlImportSection({ channelId, detailsFor, onVideoCreated }: UrlImportSectionProps) {
  const queryClient = useQueryClient()
  useImportLiveUpdates()
  const form = useForm<UrlImportValues>({
    resolver: zodResolver(urlImportSchema),
    defaultValues: { url: '', mode: 'async' },
  })
  const [pollMs] = useState(importPollMs)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // localStorage is the record (an import started just before leaving the page is still kept);
  // this state mirrors it for rendering.
  const [imports, setImports] = useState(() => readTrackedImports(channelId))
  const changeImports = useCallback(
    (change: (current: TrackedImport[]) => TrackedImport[]) => {
      const next = change(readTrackedImports(channelId))
      writeTrackedImports(channelId, next)
      setImports(next)
    },
    [channelId],
  )
  const onVideoReported = useCallback(
    (id: string) =>
      changeImports((current) =>
        current.map((tracked) =>
          tracked.id === id ? { ...tracked, videoReported: true } : tracked,
        ),
      ),
    [changeImports],
  )
  const onDismiss = useCallback(
    (id: string) => {
      changeImports((current) => current.filter((tracked) => tracked.id !== id))
      queryClient.removeQueries({ queryKey: importKeys.detail(id) })
    },
    [changeImports, queryClient],
  )

  const importVideo = useMutation({
    mutationFn: (body: VideoCreateJson): Promise<Answer> =>
      createVideo({ body, throwOnError: true }).then(({ data, response }) =>
        response.status === 202
          ? { kind: 'job', job: data as VideoImport }
          : { kind: 'video', video: data as Video },
      ),
  })

  const submit = form.handleSubmit(({ url, mode }) => {
    if (importVideo.isPending) return
    const address = url.trim()
    const name = fileNameFromUrl(address)
    const details = detailsFor(name)
    if (!details) {
      setOutcome({ kind: 'details-invalid' })
      return
    }
    setOutcome(null)
    importVideo.mutate(
      { ...details, url: address, async: mode === 'async' },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'job') {
            changeImports((current) => [{ id: answer.job.id, url: address }, ...current])
            setOutcome({ kind: 'started', name })
          } else {
            setOutcome({ kind: 'created', video: answer.video, name })
            onVideoCreated(answer.video)
          }
          form.resetField('url')
        },
        onError: (error) => setOutcome({ kind: 'failed', message: importRequestProblem(error) }),
      },
    )
  })

  const problem =
    outcome?.kind === 'failed'
      ? outcome.message
      : outcome?.kind === 'details-invalid'
        ? 'Fix the details for every file first.'
        : null

  return (
    <div className="space-y-4">
      <Form form={form} idPrefix="url-import" onSubmit={submit} className="space-y-4">
        <Field<UrlImportValues>
          name="url"
          label="Video address"
          hint={`The service downloads the file itself, so the address must be reachable from the internet: an MP4 or MOV file, at most 5 GB, 3 seconds to 1 hour long. The details for every file apply; ${'{name}'} in the caption is the file name at the end of the address.`}
        >
          {(a11y) => (
            <TextInput
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://videos.example.com/launch.mp4"
              {...form.register('url')}
              {...a11y}
              aria-describedby={
                [a11y['aria-describedby'], problem ? 'url-import-problem' : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
          )}
        </Field>
        <RadioGroup
          legend="How to import"
          layout="column"
          options={modes}
          inputProps={form.register('mode')}
        />
        <Button type="submit" variant="primary" busy={importVideo.isPending} busyLabel="Importing…">
          Import
        </Button>
      </Form>

      {problem ? (
        <p id="url-import-problem" role="alert" className={errorClasses}>
          {problem}
        </p>
      ) : null}
      <div aria-live="polite">
        {outcome?.kind === 'created' ? (
          <p className="text-sm text-green-800">
            Video created from {outcome.name}:{' '}
            <Link
              to="/videos/$videoId"
              params={{ videoId: outcome.video.id }}
              className={`font-medium ${linkClasses}`}
            >
              {outcome.video.caption || 'open the video'}
            </Link>
            . It is being processed.
          </p>
        ) : outcome?.kind === 'started' ? (
          <p className="text-sm text-slate-700">
            The import of {outcome.name} has started; it is followed below.
          </p>
        ) : null}
        <ImportList
          imports={imports}
          pollMs={pollMs}
          onVideoCreated={onVideoCreated}
          onVideoReported={onVideoReported}
          onDismiss={onDismiss}
        />
      </div>
    </div>
  )
}
