import { Callout } from '@/components/ui/callout'
import { Panel } from '@/components/ui/panel'
import { useSecondsUntil } from '@/lib/use-seconds-until'
import type { VideoCreation } from './uploader/create-uploader'

export interface CreationRow {
  fileName: string
  creation: VideoCreation
}

const creationWords = (creation: VideoCreation) => {
  if (creation.state === 'queued') return 'uploaded; waiting its turn to become a video'
  if (creation.state === 'creating') return 'creating the video…'
  if (creation.state === 'created')
    return `video created (${creation.video.caption ?? creation.video.id}), processing`
  return `the video could not be created: ${creation.message}`
}

// What became of each file: refused before sending, or its video (created, waiting, failed).
export function UploadResults({
  rejected,
  rows,
  heldUntil,
}: {
  rejected: string[]
  rows: Record<string, CreationRow>
  heldUntil: number | null
}) {
  const waiting = Object.values(rows).filter(
    (row) => row.creation.state === 'queued' || row.creation.state === 'creating',
  ).length
  return (
    <div aria-live="polite" className="space-y-4">
      {rejected.length > 0 ? (
        <Callout tone="danger" title="Files not added">
          <ul aria-label="Files not added" className="list-disc pl-5">
            {rejected.map((reason, index) => (
              // Reasons can repeat (the same file picked twice); the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </Callout>
      ) : null}
      {Object.keys(rows).length > 0 ? (
        <Panel title="Videos" headingLevel={2}>
          {heldUntil ? <RateLimitNotice until={heldUntil} waiting={waiting} /> : null}
          <ul aria-label="Created videos" className="space-y-1 text-sm">
            {Object.entries(rows).map(([id, row]) => (
              <li key={id}>
                <span className="font-medium">{row.fileName}</span>: {creationWords(row.creation)}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  )
}

// The service allows 20 new videos per 5 minutes per channel; the rest wait, visibly, and are
// created in order when it allows.
function RateLimitNotice({ until, waiting }: { until: number; waiting: number }) {
  const seconds = useSecondsUntil(until)
  return (
    <Callout tone="warning" role="status">
      The service allows 20 new videos per 5 minutes per channel. {waiting}{' '}
      {waiting === 1 ? 'video waits' : 'videos wait'} and will be created in order in {seconds} s.
    </Callout>
  )
}
