import { useState } from 'react'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { dangerButton } from '../ui'

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
      <button
        type="button"
        className={dangerButton}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Delete video
      </button>
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
