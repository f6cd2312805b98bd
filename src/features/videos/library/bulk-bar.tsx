import { lazy, Suspense, useState } from 'react'
import type { Playlist } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { formatVideoCount } from '@/lib/format'
import { usePermission } from '@/lib/permissions'
import type { LifecycleAction } from '../lifecycle'
import { lifecycleLabels } from '../lifecycle'
import { type CheckedVideo, useReadyCheck } from '../ready-check'
import type { BulkTagMode } from './bulk-tagging'
import type { BulkReport } from './use-bulk-actions'

const AddToPlaylistDialog = lazy(() =>
  import('./add-to-playlist-dialog').then((module) => ({ default: module.AddToPlaylistDialog })),
)

const TagProductsDialog = lazy(() =>
  import('./tag-products-dialog').then((module) => ({ default: module.TagProductsDialog })),
)

const StartMatchingDialog = lazy(() =>
  import('./start-matching-dialog').then((module) => ({ default: module.StartMatchingDialog })),
)

const actions: LifecycleAction[] = ['publish', 'unpublish', 'archive', 'unarchive']

export function BulkBar(props: {
  count: number
  /** The selection: the readiness check names those not ready. */
  videos: CheckedVideo[]
  running: string | null
  onAction: (action: LifecycleAction) => void
  onCopyLinks: () => void
  onAddToPlaylist: (playlist: Playlist, at: 'top' | 'bottom') => void
  onTagProducts: (storeId: string, productIds: string[], mode: BulkTagMode) => void
  onStartMatching: (autoAccept: boolean) => void
  onClear: () => void
  channelId: string
}) {
  const [confirming, setConfirming] = useState(false)
  const [choosingPlaylist, setChoosingPlaylist] = useState(false)
  const [tagging, setTagging] = useState(false)
  const [matching, setMatching] = useState(false)
  const busy = props.running !== null
  const { reason } = usePermission('updateVideo')
  const ready = useReadyCheck('selection')
  return (
    <section
      aria-label="Bulk actions"
      className="sticky top-(--app-top-bar-height) z-10 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-2"
    >
      <UnavailableGroup className="w-full px-2">
        <p className="px-2 text-sm font-medium text-indigo-950" aria-live="polite">
          {props.count} selected{busy ? ' – working…' : ''}
        </p>
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            disabled={busy}
            unavailableReason={reason}
            onClick={() =>
              action === 'publish'
                ? ready.check(props.videos, () => props.onAction(action))
                : props.onAction(action)
            }
          >
            {lifecycleLabels[action].verb}
          </Button>
        ))}
        <Button
          size="sm"
          disabled={busy}
          unavailableReason={reason}
          onClick={() => setChoosingPlaylist(true)}
        >
          Add to playlist…
        </Button>
        <Button
          size="sm"
          disabled={busy}
          unavailableReason={reason}
          onClick={() => setTagging(true)}
        >
          Tag products…
        </Button>
        <Button
          size="sm"
          disabled={busy}
          unavailableReason={reason}
          onClick={() => setMatching(true)}
        >
          Find products with AI…
        </Button>
        <Button size="sm" disabled={busy} onClick={props.onCopyLinks}>
          Copy download links
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          unavailableReason={reason}
          onClick={() => setConfirming(true)}
        >
          Delete…
        </Button>
        <Button size="sm" variant="quiet" className="ml-auto underline" onClick={props.onClear}>
          Clear selection
        </Button>
      </UnavailableGroup>
      {choosingPlaylist ? (
        <Suspense fallback={null}>
          <AddToPlaylistDialog
            channelId={props.channelId}
            count={props.count}
            onClose={() => setChoosingPlaylist(false)}
            onAdd={(playlist, at) => {
              setChoosingPlaylist(false)
              props.onAddToPlaylist(playlist, at)
            }}
          />
        </Suspense>
      ) : null}
      {tagging ? (
        <Suspense fallback={null}>
          <TagProductsDialog
            count={props.count}
            onClose={() => setTagging(false)}
            onTag={(storeId, productIds, mode) => {
              setTagging(false)
              props.onTagProducts(storeId, productIds, mode)
            }}
          />
        </Suspense>
      ) : null}
      {matching ? (
        <Suspense fallback={null}>
          <StartMatchingDialog
            count={props.count}
            onClose={() => setMatching(false)}
            onStart={(autoAccept) => {
              setMatching(false)
              props.onStartMatching(autoAccept)
            }}
          />
        </Suspense>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${formatVideoCount(props.count)}?`}
          confirmLabel={`Delete ${formatVideoCount(props.count)}`}
          tone="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            props.onAction('delete')
          }}
        >
          They disappear from the library, playlists and product pages.
        </ConfirmDialog>
      ) : null}
      {ready.dialog}
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
        <Button size="sm" variant="quiet" className="underline" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {report.notes?.length ? (
        <ul aria-label="Notes" className="mt-2 list-disc space-y-1 pl-5">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
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
