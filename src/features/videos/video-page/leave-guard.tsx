import { useBlocker } from '@tanstack/react-router'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'

// Leaving with unsaved changes asks first: in the app with a dialog, when closing or reloading the
// tab with the browser's own prompt (beforeunload).
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: when,
    disabled: !when,
    withResolver: true,
  })
  if (blocker.status !== 'blocked') return null
  return (
    <ConfirmDialog
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      <p>Your changes to this video are not saved yet.</p>
    </ConfirmDialog>
  )
}
