import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react'
import { Button } from './button'

export interface DialogProps {
  title: ReactNode
  /** Read with the title when the dialog opens. */
  description?: ReactNode
  children?: ReactNode
  /** The buttons, right-aligned under the content. */
  footer?: ReactNode
  /** Escape (and the caller's Cancel) closes; refused while `busy`. */
  onClose: () => void
  busy?: boolean
  /** The element to focus first; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  size?: 'sm' | 'md' | 'lg'
}

const widths = { sm: 'w-[28rem]', md: 'w-[36rem]', lg: 'w-[48rem]' }

// A modal on the native <dialog>: showModal() traps focus, makes the page behind it inert and
// closes on Escape. Mounted means open; focus returns to where it was when it closes.
export function Dialog({
  title,
  description,
  children,
  footer,
  onClose,
  busy = false,
  initialFocus,
  size = 'sm',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const escapeClosesPopup = useRef(false)
  const titleId = useId()
  const descriptionId = useId()

  useLayoutEffect(() => {
    const dialog = ref.current
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    initialFocus?.current?.focus()
    return () => {
      if (dialog?.open) dialog.close()
      previous?.focus()
    }
  }, [initialFocus])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape that closes a list opened inside the dialog (a combobox's, a menu's) closes only
      // that list: seen on its way down, before the list's own handler hides it.
      onKeyDownCapture={(event) => {
        if (event.key !== 'Escape') return
        const target = event.target instanceof Element ? event.target : null
        escapeClosesPopup.current =
          target?.getAttribute('aria-expanded') === 'true' ||
          target?.closest('[role="listbox"], [role="menu"]') !== null
      }}
      onCancel={(event) => {
        event.preventDefault()
        const popup = escapeClosesPopup.current
        escapeClosesPopup.current = false
        if (!busy && !popup) onClose()
      }}
      className={`m-auto ${widths[size]} max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-black/50`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="mt-2 text-sm text-slate-700">
          {description}
        </div>
      ) : null}
      {children ? <div className="mt-4">{children}</div> : null}
      {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
    </dialog>
  )
}

/** A form dialog's buttons: Cancel, and the submit button of the form with id `formId`. */
export function FormDialogFooter({
  formId,
  submitLabel,
  busy,
  onCancel,
}: {
  formId: string
  submitLabel: string
  busy: boolean
  onCancel: () => void
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" busy={busy}>
        {submitLabel}
      </Button>
    </>
  )
}
