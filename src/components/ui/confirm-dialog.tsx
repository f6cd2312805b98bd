import { type ReactNode, useRef } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'
import type { Tone } from './tone'

// A question before something that cannot be undone. Focus starts on the safe choice.
export function ConfirmDialog({
  title,
  children,
  details,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'neutral',
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string
  children: ReactNode
  /** Under the question, not read with it when the dialog opens (a long list of what is wrong). */
  details?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** `danger` when confirming loses something: the confirm button is red. */
  tone?: Extract<Tone, 'neutral' | 'danger'>
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title={title}
      description={children}
      size={details ? 'md' : 'sm'}
      onClose={onCancel}
      busy={busy}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={onConfirm}
            busy={busy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {details}
    </Dialog>
  )
}
