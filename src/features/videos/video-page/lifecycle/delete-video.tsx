import { useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { usePermission } from '@/lib/permissions'
import { useLifecycle } from './use-lifecycle'

// Delete asks first; the dialog stays until the service answers.
export function DeleteVideo({
  video,
  title,
  onDeleted,
}: {
  video: Video
  title: string
  onDeleted: () => unknown
}) {
  const lifecycle = useLifecycle(video.id, onDeleted)
  const allowed = usePermission('deleteVideo')
  const [open, setOpen] = useState(false)
  const running = lifecycle.isPending
  return (
    <section
      aria-labelledby="delete-video-heading"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-white p-4"
    >
      <div>
        <h3 id="delete-video-heading" className="text-base font-semibold text-slate-900">
          Delete this video
        </h3>
        <p className="text-sm text-slate-700">
          It leaves your library, feeds and product pages for good.
        </p>
      </div>
      <Button variant="danger" unavailableReason={allowed.reason} onClick={() => setOpen(true)}>
        Delete video
      </Button>
      {open ? (
        <ConfirmDialog
          title="Delete this video?"
          confirmLabel={running ? 'Deleting…' : 'Delete video'}
          tone="danger"
          busy={running}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            lifecycle.mutate({ action: 'delete' }, { onError: () => setOpen(false) })
          }
        >
          <p>
            “{title}” will be removed from your library, feeds and product pages. This cannot be
            undone from the dashboard.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
