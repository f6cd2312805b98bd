import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'

// Delete asks first; the dialog stays until the service answers.
export function DeleteVideo({
  title,
  disabled,
  running,
  onDelete,
}: {
  title: string
  disabled: boolean
  running: boolean
  onDelete: (done: () => void) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="danger" disabled={disabled} onClick={() => setOpen(true)}>
        Delete video
      </Button>
      {open ? (
        <ConfirmDialog
          title="Delete this video?"
          confirmLabel={running ? 'Deleting…' : 'Delete video'}
          tone="danger"
          busy={running}
          onCancel={() => setOpen(false)}
          onConfirm={() => onDelete(() => setOpen(false))}
        >
          <p>
            “{title}” will be removed from your library, feeds and product pages. This cannot be
            undone from the dashboard.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
