import { useLocation } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { focusRing } from '../ui/control-styles'
import { useModal } from '../ui/modal'
import { ChannelSwitcher } from './channel-switcher'
import { NavLinks } from './nav-links'
import { SavedViewsNav } from './saved-views-nav'
import { Brand } from './sidebar'

// The sidebar below 768 px: a modal <dialog> from the left (useModal: focus in and kept in,
// Escape closes, focus back to the menu button); reaching another screen closes it too.
export function NavDrawer({ onClose }: { onClose: () => void }) {
  const modal = useModal(onClose)
  const pathname = useLocation({ select: (location) => location.pathname })
  const openedAt = useRef(pathname)

  useEffect(() => {
    if (pathname !== openedAt.current) onClose()
  }, [pathname, onClose])

  return (
    <dialog
      {...modal}
      aria-label="Navigation"
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
        {/* Scrolls on its own, so many saved views never push the channel switcher away. */}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NavLinks onNavigate={onClose} />
          <SavedViewsNav onNavigate={onClose} />
        </div>
        <div className="px-3">
          <ChannelSwitcher />
        </div>
      </div>
    </dialog>
  )
}
