import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { formatBytes } from '@/lib/format'
import { useSecondsUntil } from '@/lib/use-seconds-until'
import type { MissingFile } from './uploader/create-uploader'

export interface Retry {
  fileName: string
  at: number
  reason: string
}

// What the uploader did on its own to lose nothing: uploads resumed after a reload, files the
// browser could not give back (to be picked again), and failed files waiting to be retried.
export function RecoveryNotices({
  missing,
  resumed,
  retries,
  onForget,
}: {
  missing: MissingFile[]
  resumed: string[]
  retries: Record<string, Retry>
  onForget: (fileId: string) => void
}) {
  const waiting = Object.entries(retries)
  return (
    <div aria-live="polite" className="space-y-2">
      {resumed.length > 0 ? (
        <Callout role="status">
          The page was reloaded during an upload; {resumed.length}{' '}
          {resumed.length === 1 ? 'upload resumes' : 'uploads resume'} where{' '}
          {resumed.length === 1 ? 'it' : 'they'} stopped: {resumed.join(', ')}.
        </Callout>
      ) : null}
      {missing.length > 0 ? (
        <Callout tone="warning" title="Pick these files again to finish them">
          <p>
            The browser cannot give back files this large after a reload. Add the same files below;
            each continues from the parts already stored, with the details you entered.
          </p>
          <ul aria-label="Files to pick again" className="mt-2 space-y-1">
            {missing.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{file.name}</span>
                {file.size !== null ? <span>({formatBytes(file.size)})</span> : null}
                <Button size="sm" onClick={() => onForget(file.id)}>
                  Forget {file.name}
                </Button>
              </li>
            ))}
          </ul>
        </Callout>
      ) : null}
      {waiting.length > 0 ? (
        <ul
          aria-label="Uploads to retry"
          className="rounded-md border border-slate-300 bg-slate-50 p-2 text-sm text-slate-900"
        >
          {waiting.map(([id, retry]) => (
            <RetryLine key={id} retry={retry} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function RetryLine({ retry }: { retry: Retry }) {
  const seconds = useSecondsUntil(retry.at)
  return (
    <li>
      <span className="font-medium">{retry.fileName}</span>: {retry.reason};{' '}
      {seconds > 0 ? `trying again in ${seconds} s` : 'trying again now'}, keeping what is already
      stored.
    </li>
  )
}
