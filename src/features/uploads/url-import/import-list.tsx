import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { usePollInterval } from '@/lib/live-events'
import { importedVideoQuery, importQuery, isImportFinished, isImportGone } from '../queries'
import { importFailureText } from './import-wording'
import type { TrackedImport } from './tracked-imports'
import { fileNameFromUrl } from './url-rules'

/** While live updates are up, a running import is read this many times less often. */
const liveCheckEvery = 6

interface ImportListProps {
  imports: TrackedImport[]
  pollMs: number
  onVideoCreated: (video: Video) => void
  onVideoReported: (importId: string) => void
  onDismiss: (importId: string) => void
}

export function ImportList({ imports, ...rowProps }: ImportListProps) {
  if (imports.length === 0) return null
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold">Imports</h3>
      <ul aria-label="Imports" className="mt-2 space-y-2">
        {imports.map((tracked) => (
          <ImportRow key={tracked.id} tracked={tracked} {...rowProps} />
        ))}
      </ul>
    </div>
  )
}

function ImportRow({
  tracked,
  pollMs,
  onVideoCreated,
  onVideoReported,
  onDismiss,
}: Omit<ImportListProps, 'imports'> & { tracked: TrackedImport }) {
  // Webhooks can be lost, and an event sent while the page's stream was opening reaches no one:
  // a running import is still read now and then while live, so it never stays "processing".
  const job = useQuery(importQuery(tracked.id, usePollInterval(pollMs, pollMs * liveCheckEvery)))
  const videoId = job.data?.video_id ?? null
  const video = useQuery({
    ...importedVideoQuery(tracked.id, videoId ?? ''),
    enabled: videoId !== null,
  })

  // The video exists from the moment video_id is filled: the library is told once.
  const reported = useRef(tracked.videoReported === true)
  useEffect(() => {
    if (!video.data || reported.current) return
    reported.current = true
    onVideoCreated(video.data)
    onVideoReported(tracked.id)
  }, [video.data, onVideoCreated, onVideoReported, tracked.id])

  const gone = job.isError && isImportGone(job.error)
  const finished = isImportFinished(job.data) || gone
  const name = fileNameFromUrl(tracked.url)
  const videoLink = videoId ? (
    <Link to="/videos/$videoId" params={{ videoId }} className={`font-medium ${linkClasses}`}>
      {video.data?.caption || 'open the video'}
    </Link>
  ) : null

  let status: ReactNode
  let tone = 'text-slate-700'
  if (gone) {
    status = `The service no longer knows this import: ${job.error.message}`
    tone = 'text-red-800'
  } else if (!job.data) {
    status = job.isError
      ? 'The import cannot be checked right now; trying again.'
      : 'Checking the import…'
  } else if (job.data.status === 'errored') {
    status = (
      <>
        Failed: {importFailureText(job.data.reason)}.
        {videoLink ? <> The video: {videoLink}</> : null}
      </>
    )
    tone = 'text-red-800'
  } else if (job.data.status === 'completed') {
    status = <>Done{videoLink ? <>: {videoLink}</> : null}</>
    tone = 'text-green-800'
  } else {
    status = videoLink ? <>Video created, processing: {videoLink}</> : 'Downloading and processing…'
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="break-all text-xs text-slate-600">{tracked.url}</p>
        <p className={`mt-1 ${tone}`}>{status}</p>
      </div>
      {finished ? (
        <Button size="sm" onClick={() => onDismiss(tracked.id)}>
          Dismiss<span className="sr-only"> the import of {name}</span>
        </Button>
      ) : null}
    </li>
  )
}
