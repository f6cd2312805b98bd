import { useLocation } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { containTab } from '../ui/contain-tab'
import { focusRing } from '../ui/control-styles'
import { ChannelSwitcher } from './channel-switcher'
import { NavLinks } from './nav-links'
import { Brand } from './sidebar'

// The sidebar below 768 px: a modal <dialog> from the left. showModal() moves the focus in and
// makes the page behind inert, Escape closes it; closing (navigating too) gives the focus back to
// the button that opened it.
export function NavDrawer({
  onClose,
  opener,
}: {
  onClose: () => void
  opener: RefObject<HTMLElement | null>
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const pathname = useLocation({ select: (location) => location.pathname })
  const openedAt = useRef(pathname)

  useLayoutEffect(() => {
    const dialog = ref.current
    const returnTo = opener.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
      returnTo?.focus()
    }
  }, [opener])

  useEffect(() => {
    if (pathname !== openedAt.current) onClose()
  }, [pathname, onClose])

  return (
    <dialog
      ref={ref}
      aria-label="Navigation"
      onKeyDown={containTab}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === ref.current) onClose()
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col gap-4 px-2 py-3">
        <div className="flex items-center justify-between gap-2">
          <Brand onNavigate={onClose} />
          <button
            type="button"
            onClick={onClose}
            className={`rounded-md p-2 text-slate-700 hover:bg-slate-100 ${focusRing}`}
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close navigation</span>
          </button>
        </div>
        <NavLinks onNavigate={onClose} />
        <div className="px-3">
          <ChannelSwitcher />
        </div>
      </div>
    </dialog>
  )
}
