import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useRef } from 'react'

const tabbable =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside a modal <dialog>: from its last control to its first and back. showModal()
 * alone makes the page inert but lets Tab leave for the browser's own toolbar.
 */
function containTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(tabbable)].filter(
    (control) => control.getClientRects().length > 0,
  )
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Props for a <dialog> shown modal while mounted: the focus moves in and stays in, Escape and a
 * click on the backdrop call `onClose`, and the focus goes back where it was when it closes.
 */
export function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const dialog = ref.current
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
      if (previous?.isConnected) previous.focus()
    }
  }, [])
  return {
    ref,
    onKeyDown: containTab,
    onCancel: (event: { preventDefault: () => void }) => {
      event.preventDefault()
      onClose()
    },
    // The dialog box itself, outside its content, is the backdrop: the pointer's Escape.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose()
    },
  }
}
