import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form'
import type { Video } from '../../api/generated/types.gen'
import { errorClass, hintClass, inputClass, labelClass, panelClass } from './ui'
import {
  defaultUploadMetadata,
  NAME_TOKEN,
  type UploadMetadataValues,
  uploadMetadataSchema,
  videoMetadataFor,
} from './upload-metadata'
import type { UploadFile, VideoCreation } from './uploader/create-uploader'
import { UrlImportSection } from './url-import/url-import-section'

const UploaderPanel = lazy(() => import('./uploader-panel'))

export interface UploadsScreenProps {
  channelId: string | null
  /** Called for every video created from an upload (the route refreshes the library with it). */
  onVideoCreated: (video: Video) => void
}

export function UploadsScreen({ channelId, onVideoCreated }: UploadsScreenProps) {
  return (
    <section aria-labelledby="uploads-title" className="max-w-5xl space-y-6">
      <div>
        <h1 id="uploads-title" className="text-2xl font-semibold">
          Uploads
        </h1>
        <p className="mt-2 text-slate-700">
          Add MP4 or MOV videos; they go straight to storage, and each becomes a video in the
          library with the details below.
        </p>
      </div>
      {channelId ? (
        <Uploads key={channelId} channelId={channelId} onVideoCreated={onVideoCreated} />
      ) : (
        <p className="text-slate-700">This business has no channel yet.</p>
      )}
    </section>
  )
}

interface Row {
  fileName: string
  creation: VideoCreation
}

function Uploads({
  channelId,
  onVideoCreated,
}: {
  channelId: string
  onVideoCreated: (video: Video) => void
}) {
  const form = useForm<UploadMetadataValues>({
    resolver: zodResolver(uploadMetadataSchema),
    defaultValues: defaultUploadMetadata,
    mode: 'onChange',
  })
  const values = useWatch({ control: form.control }) as UploadMetadataValues
  // The uploader reads the metadata when a file's object is stored; invalid values fall back to
  // the defaults for that field rather than being sent.
  const metadata = useRef(values)
  const parsed = uploadMetadataSchema.safeParse(values)
  metadata.current = parsed.success ? parsed.data : metadata.current

  const [rejected, setRejected] = useState<string[]>([])
  const [rows, setRows] = useState<Record<string, Row>>({})
  const [heldUntil, setHeldUntil] = useState<number | null>(null)

  const metadataFor = useCallback(
    (file: UploadFile) =>
      videoMetadataFor(
        metadata.current,
        {
          name: file.name ?? '',
          caption: typeof file.meta.caption === 'string' ? file.meta.caption : undefined,
        },
        channelId,
      ),
    [channelId],
  )
  const onCreationChange = useCallback(
    (fileId: string, fileName: string, creation: VideoCreation) =>
      setRows((current) => ({ ...current, [fileId]: { fileName, creation } })),
    [],
  )
  const onRejected = useCallback(
    (reason: string) => setRejected((current) => [...current, reason].slice(-20)),
    [],
  )
  const { errors } = form.formState
  const field = (name: keyof UploadMetadataValues, hint?: boolean) => ({
    id: `upload-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby':
      [hint ? `upload-${name}-hint` : null, errors[name] ? `upload-${name}-error` : null]
        .filter(Boolean)
        .join(' ') || undefined,
  })
  const fieldError = (name: keyof UploadMetadataValues) =>
    errors[name]?.message ? (
      <p id={`upload-${name}-error`} className={errorClass}>
        {errors[name]?.message}
      </p>
    ) : null

  return (
    <>
      <form
        className={`${panelClass} grid gap-4 md:grid-cols-2`}
        aria-labelledby="upload-details-title"
        onSubmit={(event) => event.preventDefault()}
      >
        <h2 id="upload-details-title" className="text-lg font-semibold md:col-span-2">
          Details for every file
        </h2>
        <div className="md:col-span-2">
          <label htmlFor="upload-captionPattern" className={labelClass}>
            Caption
          </label>
          <p id="upload-captionPattern-hint" className={hintClass}>
            {NAME_TOKEN} is replaced by the file name without its extension. A caption typed for one
            file (its edit button in the list) wins.
          </p>
          <input
            className={`mt-1 ${inputClass}`}
            {...form.register('captionPattern')}
            {...field('captionPattern', true)}
          />
          {fieldError('captionPattern')}
        </div>
        <div className="md:col-span-2">
          <label htmlFor="upload-description" className={labelClass}>
            Description
          </label>
          <textarea
            rows={3}
            className={`mt-1 ${inputClass}`}
            {...form.register('description')}
            {...field('description')}
          />
          {fieldError('description')}
        </div>
        <div className="md:col-span-2">
          <label htmlFor="upload-hashtags" className={labelClass}>
            Hashtags
          </label>
          <p id="upload-hashtags-hint" className={hintClass}>
            Separated by spaces or commas; a leading # is optional.
          </p>
          <input
            className={`mt-1 ${inputClass}`}
            {...form.register('hashtags')}
            {...field('hashtags', true)}
          />
          {fieldError('hashtags')}
        </div>
        <RadioGroup
          legend="Access"
          options={[
            ['public', 'Public'],
            ['private', 'Private'],
          ]}
          register={form.register('access')}
        />
        <RadioGroup
          legend="Publication"
          options={[
            ['now', 'Publish now'],
            ['draft', 'Save as draft'],
          ]}
          register={form.register('publish')}
        />
      </form>

      <UrlImportSection
        channelId={channelId}
        metadataFor={(fileName) =>
          parsed.success ? videoMetadataFor(parsed.data, { name: fileName }, channelId) : null
        }
        onVideoCreated={onVideoCreated}
      />

      <Suspense fallback={<p className="text-slate-700">Loading the uploader…</p>}>
        <UploaderPanel
          channelId={channelId}
          metadataFor={metadataFor}
          onVideoCreated={onVideoCreated}
          onCreationChange={onCreationChange}
          onCreationsHeld={setHeldUntil}
          onRejected={onRejected}
        />
      </Suspense>

      <div aria-live="polite" className="space-y-4">
        {rejected.length > 0 ? (
          <div className="rounded-md border border-red-300 bg-red-50 p-3">
            <h2 className="text-base font-semibold text-red-900">Files not added</h2>
            <ul aria-label="Files not added" className="mt-1 list-disc pl-5 text-sm text-red-900">
              {rejected.map((reason, index) => (
                // Reasons can repeat (the same file picked twice); the position tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                <li key={index}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {Object.keys(rows).length > 0 ? (
          <div className={panelClass}>
            <h2 className="text-base font-semibold">Videos</h2>
            {heldUntil ? (
              <RateLimitNotice
                until={heldUntil}
                waiting={
                  Object.values(rows).filter(
                    (row) => row.creation.state === 'queued' || row.creation.state === 'creating',
                  ).length
                }
              />
            ) : null}
            <ul aria-label="Created videos" className="mt-1 space-y-1 text-sm">
              {Object.entries(rows).map(([id, row]) => (
                <li key={id}>
                  <span className="font-medium">{row.fileName}</span>:{' '}
                  {row.creation.state === 'queued'
                    ? 'uploaded; waiting its turn to become a video'
                    : row.creation.state === 'creating'
                      ? 'creating the video…'
                      : row.creation.state === 'created'
                        ? `video created (${row.creation.video.caption ?? row.creation.video.id}), processing`
                        : `the video could not be created: ${row.creation.message}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </>
  )
}

function RadioGroup({
  legend,
  options,
  register,
}: {
  legend: string
  options: [string, string][]
  register: UseFormRegisterReturn
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-2 flex gap-4">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="radio" value={value} {...register} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

// The service allows 20 new videos per 5 minutes per channel; the rest wait, visibly, and are
// created in order when it allows.
function RateLimitNotice({ until, waiting }: { until: number; waiting: number }) {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.ceil((until - now) / 1000))
  return (
    <p
      role="status"
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
    >
      The service allows 20 new videos per 5 minutes per channel. {waiting}{' '}
      {waiting === 1 ? 'video waits' : 'videos wait'} and will be created in order in {seconds} s.
    </p>
  )
}
