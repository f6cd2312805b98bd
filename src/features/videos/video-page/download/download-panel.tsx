import { useQuery } from '@tanstack/react-query'
import { ServiceError } from '@/api/client'
import type { Video } from '@/api/generated/types.gen'
import { videoDownloadQuery } from '@/api/queries/videos'
import { Button, buttonClasses } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Panel } from '@/components/ui/panel'
import { formatDuration, safeHttpUrl } from '@/lib/format'
import { usePermission } from '@/lib/permissions'

// The service's rendition of the video, with what it is. The same query feeds the preview, so
// the file is asked for once; a refusal stays in the cache, and the action stays off with it.
export function DownloadPanel({ video }: { video: Video }) {
  const ready = video.duration !== null
  // Any role may download today; should that change, the button says why not.
  const downloading = usePermission('getVideoDownload')
  const download = useQuery({
    ...videoDownloadQuery(video.id),
    enabled: ready && downloading.allowed,
  })
  const error = download.error
  const href = safeHttpUrl(download.data?.download_url)
  const why = !ready
    ? 'No file yet: the video is still processing, or its processing failed.'
    : error instanceof ServiceError && error.status === 402
      ? 'Your plan does not include downloads (the service’s content_download feature). Ask your account manager at the video service to turn it on.'
      : error
        ? `The file cannot be found: ${error.message}`
        : null
  return (
    <Panel title="Downloads">
      {download.data ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Format</dt>
          <dd>{download.data.format?.toUpperCase() ?? 'Not given'}</dd>
          <dt className="font-medium">Size</dt>
          <dd>
            {download.data.width && download.data.height
              ? `${download.data.width}×${download.data.height} pixels`
              : 'Not given'}
          </dd>
          <dt className="font-medium">Duration</dt>
          <dd>{formatDuration(download.data.duration ?? null)}</dd>
        </dl>
      ) : null}
      {why ? (
        <Callout
          tone={
            ready && !(error instanceof ServiceError && error.status === 402) ? 'danger' : 'info'
          }
        >
          {why}
        </Callout>
      ) : null}
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary')}
        >
          Download video<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <Button
          variant="primary"
          disabled
          busy={ready && downloading.allowed && download.isPending}
          unavailableReason={downloading.reason}
          busyLabel="Finding the file…"
        >
          Download video
        </Button>
      )}
    </Panel>
  )
}
