import { useEffect, useState } from 'react'
import { formatBytes } from '../../lib/format'
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
        <p
          role="status"
          className="rounded-md border border-sky-300 bg-sky-50 p-2 text-sm text-sky-950"
        >
          The page was reloaded during an upload; {resumed.length}{' '}
          {resumed.length === 1 ? 'upload resumes' : 'uploads resume'} where{' '}
          {resumed.length === 1 ? 'it' : 'they'} stopped: {resumed.join(', ')}.
        </p>
      ) : null}
      {missing.length > 0 ? (
        <section
          aria-labelledby="missing-files-title"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <h2 id="missing-files-title" className="text-base font-semibold">
            Pick these files again to finish them
          </h2>
          <p className="mt-1">
            The browser cannot give back files this large after a reload. Add the same files below;
            each continues from the parts already stored, with the details you entered.
          </p>
          <ul aria-label="Files to pick again" className="mt-2 space-y-1">
            {missing.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{file.name}</span>
                {file.size !== null ? <span>({formatBytes(file.size)})</span> : null}
                <button
                  type="button"
                  className="rounded border border-amber-400 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700"
                  onClick={() => onForget(file.id)}
                >
                  Forget {file.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
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
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000))
  return (
    <li>
      <span className="font-medium">{retry.fileName}</span>: {retry.reason};{' '}
      {seconds > 0 ? `trying again in ${seconds} s` : 'trying again now'}, keeping what is already
      stored.
    </li>
  )
}
