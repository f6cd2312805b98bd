import { useBlocker } from '@tanstack/react-router'
import { ConfirmDialog } from './ui/confirm-dialog'

// Leaving with unsaved changes asks first: in the app with a dialog, when closing or reloading the
// tab with the browser's own prompt (beforeunload).
export function LeaveGuard({
  when,
  title = 'Leave without saving?',
  message = 'Your changes to this video are not saved yet.',
  leaving,
  askOnUnload = true,
}: {
  when: boolean
  title?: string
  message?: string
  /** Whether a move within the app leaves (by default every move does). */
  leaving?: (to: { pathname: string }) => boolean
  /** Also ask when the tab closes or reloads (not needed when the changes are kept locally). */
  askOnUnload?: boolean
}) {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => when && (leaving?.(next) ?? true),
    enableBeforeUnload: when && askOnUnload,
    disabled: !when,
    withResolver: true,
  })
  if (blocker.status !== 'blocked') return null
  return (
    <ConfirmDialog
      title={title}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      tone="danger"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      <p>{message}</p>
    </ConfirmDialog>
  )
}
