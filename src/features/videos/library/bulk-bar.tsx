import { useRef } from 'react'
import type { LifecycleAction } from '../lifecycle'
import { lifecycleLabels } from '../lifecycle'
import type { BulkReport } from './use-bulk-actions'

const actions: LifecycleAction[] = ['publish', 'unpublish', 'archive', 'unarchive']

export function BulkBar(props: {
  count: number
  running: string | null
  onAction: (action: LifecycleAction) => void
  onCopyLinks: () => void
  onClear: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const busy = props.running !== null
  const button =
    'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60'
  return (
    <section
      aria-label="Bulk actions"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2"
    >
      <p className="px-2 text-sm font-medium text-indigo-950" aria-live="polite">
        {props.count} selected{busy ? ' – working…' : ''}
      </p>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={button}
          disabled={busy}
          onClick={() => props.onAction(action)}
        >
          {lifecycleLabels[action].verb}
        </button>
      ))}
      <button type="button" className={button} disabled={busy} onClick={props.onCopyLinks}>
        Copy download links
      </button>
      <button
        type="button"
        className={`${button} text-red-800`}
        disabled={busy}
        onClick={() => dialog.current?.showModal()}
      >
        Delete…
      </button>
      <button
        type="button"
        className="ml-auto px-2 text-sm text-indigo-900 underline"
        onClick={props.onClear}
      >
        Clear selection
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="bulk-delete-title"
        className="m-auto max-w-md rounded-lg p-6 backdrop:bg-black/40"
      >
        <h2 id="bulk-delete-title" className="text-lg font-semibold">
          Delete {props.count} videos?
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          They disappear from the library, playlists and product pages.
        </p>
        <form method="dialog" className="mt-4 flex justify-end gap-2">
          <button type="submit" className={button}>
            Cancel
          </button>
          <button
            type="button"
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
            onClick={() => {
              dialog.current?.close()
              props.onAction('delete')
            }}
          >
            Delete {props.count} videos
          </button>
        </form>
      </dialog>
    </section>
  )
}

export function BulkReportPanel({
  report,
  onDismiss,
}: {
  report: BulkReport
  onDismiss: () => void
}) {
  return (
    <section
      aria-label="Bulk action results"
      className={`rounded-lg border p-3 text-sm ${report.failures.length ? 'border-red-300 bg-red-50' : 'border-emerald-300 bg-emerald-50'}`}
    >
      <div className="flex items-start justify-between gap-4">
        <p className="font-medium">
          {report.title}: {report.succeeded} succeeded
          {report.failures.length ? `, ${report.failures.length} failed` : ''}.
        </p>
        <button type="button" className="underline" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {report.failures.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {report.failures.map((failure) => (
            <li key={`${failure.id}-${failure.caption}`}>
              <span className="font-medium">{failure.caption}</span>: {failure.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
