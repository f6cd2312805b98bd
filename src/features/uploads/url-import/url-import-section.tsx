import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { createVideo } from '../../../api/generated/sdk.gen'
import type {
  Video,
  VideoCreateJson,
  VideoImport,
  VideoMetadata,
} from '../../../api/generated/types.gen'
import { importKeys } from '../queries'
import { errorClass, hintClass, inputClass, labelClass, panelClass } from '../ui'
import { ImportList } from './import-list'
import { importRequestProblem } from './import-wording'
import { importPollMs } from './poll-interval'
import { readTrackedImports, type TrackedImport, writeTrackedImports } from './tracked-imports'
import { fileNameFromUrl, urlImportProblem } from './url-rules'

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

  const urlError = form.formState.errors.url?.message
  const problem =
    outcome?.kind === 'failed'
      ? outcome.message
      : outcome?.kind === 'details-invalid'
        ? 'Fix the details above first.'
        : null

  return (
    <section aria-labelledby="url-import-title" className={panelClass}>
      <h2 id="url-import-title" className="text-lg font-semibold">
        Import from a URL
      </h2>
      <form noValidate onSubmit={submit} className="mt-2 space-y-4">
        <div>
          <label htmlFor="url-import-url" className={labelClass}>
            Video address
          </label>
          <p id="url-import-url-hint" className={hintClass}>
            The service downloads the file itself, so the address must be reachable from the
            internet: an MP4 or MOV file, at most 5 GB, 3 seconds to 1 hour long. The details above
            apply; {'{name}'} in the caption is the file name at the end of the address.
          </p>
          <input
            id="url-import-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://videos.example.com/launch.mp4"
            className={`mt-1 ${inputClass}`}
            aria-invalid={Boolean(urlError)}
            aria-describedby={[
              'url-import-url-hint',
              urlError ? 'url-import-url-error' : null,
              problem ? 'url-import-problem' : null,
            ]
              .filter(Boolean)
              .join(' ')}
            {...form.register('url')}
          />
          {urlError ? (
            <p id="url-import-url-error" className={errorClass}>
              {urlError}
            </p>
          ) : null}
        </div>
        <fieldset>
          <legend className={labelClass}>How to import</legend>
          <div className="mt-2 space-y-2">
            {modes.map((mode) => (
              <div key={mode.value} className="flex items-start gap-2">
                <input
                  id={`url-import-mode-${mode.value}`}
                  type="radio"
                  value={mode.value}
                  className="mt-1"
                  aria-describedby={`url-import-mode-${mode.value}-hint`}
                  {...form.register('mode')}
                />
                <div>
                  <label
                    htmlFor={`url-import-mode-${mode.value}`}
                    className="text-sm font-medium text-slate-900"
                  >
                    {mode.label}
                  </label>
                  <p id={`url-import-mode-${mode.value}-hint`} className="text-sm text-slate-700">
                    {mode.hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          aria-disabled={importVideo.isPending}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:opacity-70"
        >
          {importVideo.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>

      {problem ? (
        <p id="url-import-problem" role="alert" className={errorClass}>
          {problem}
        </p>
      ) : null}
      <div aria-live="polite">
        {outcome?.kind === 'created' ? (
          <p className="mt-3 text-sm text-green-800">
            Video created from {outcome.name}:{' '}
            <Link
              to="/videos/$videoId"
              params={{ videoId: outcome.video.id }}
              className="font-medium text-indigo-800 underline hover:text-indigo-950"
            >
              {outcome.video.caption || 'open the video'}
            </Link>
            . It is being processed.
          </p>
        ) : outcome?.kind === 'started' ? (
          <p className="mt-3 text-sm text-slate-700">
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
    </section>
  )
}
