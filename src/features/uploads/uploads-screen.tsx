import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import type { Video } from '../../api/generated/types.gen'
import { UploadDetailsForm } from './details/upload-details-form'
import { useUploadDetails } from './details/use-upload-details'
import { panelClass } from './ui'
import type { VideoCreation } from './uploader/create-uploader'
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
  // The details form defaults to the screen's channel; each video's channel comes from the form.
  const details = useUploadDetails(channelId)

  const [rejected, setRejected] = useState<string[]>([])
  const [rows, setRows] = useState<Record<string, Row>>({})
  const [heldUntil, setHeldUntil] = useState<number | null>(null)

  const onCreationChange = useCallback(
    (fileId: string, fileName: string, creation: VideoCreation) =>
      setRows((current) => ({ ...current, [fileId]: { fileName, creation } })),
    [],
  )
  const onRejected = useCallback(
    (reason: string) => setRejected((current) => [...current, reason].slice(-20)),
    [],
  )
  return (
    <>
      <UploadDetailsForm form={details.form} onReset={details.reset} />

      <UrlImportSection
        channelId={channelId}
        detailsFor={(name) =>
          details.detailsProblem({ name, meta: {} }) ? null : details.detailsFor({ name, meta: {} })
        }
        onVideoCreated={onVideoCreated}
      />

      <Suspense fallback={<p className="text-slate-700">Loading the uploader…</p>}>
        <UploaderPanel
          channelId={channelId}
          detailsFor={details.detailsFor}
          detailsProblem={details.detailsProblem}
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
