import { Link } from '@tanstack/react-router'
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { useState } from 'react'
import { readCookie, writeCookie } from '@/lib/cookies'
import { focusRing } from '../ui/control-styles'
import { BrandIcon } from './areas'
import { NavLinks } from './nav-links'
import { SavedViewsNav } from './saved-views-nav'

const cookieName = 'sidebar'

/** The work areas down the left from 768 px; collapsible to icons, remembered on this device. */
export function Sidebar() {
  // A cookie rather than device storage, so a server-rendered page comes with the sidebar as it was
  // left and nothing moves when the page hydrates.
  const [collapsed, setCollapsed] = useState(() => readCookie(cookieName) === 'collapsed')
  const toggle = () => {
    const next = !collapsed
    setCollapsed(next)
    writeCookie(cookieName, next ? 'collapsed' : 'open')
  }
  const Toggle = collapsed ? PanelLeftOpen : PanelLeftClose
  return (
    // Painted after the page (z-20), not before it: content painted over a sticky box cannot
    // share its compositor layer, and each card took a layer of its own (decision 0045).
    <aside
      className={`sticky top-0 z-20 hidden h-dvh shrink-0 flex-col gap-4 border-r border-slate-200 bg-white px-2 py-3 md:flex ${collapsed ? 'w-16' : 'w-56'}`}
    >
      <Brand collapsed={collapsed} />
      <div className="flex-1 overflow-y-auto">
        <NavLinks collapsed={collapsed} />
        {collapsed ? null : <SavedViewsNav />}
      </div>
      <button
        type="button"
        onClick={toggle}
        title={collapsed ? 'Expand sidebar' : undefined}
        className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${collapsed ? 'justify-center' : ''} ${focusRing}`}
      >
        <Toggle aria-hidden="true" className="size-5 shrink-0" />
        <span className={collapsed ? 'sr-only' : ''}>
          {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        </span>
      </button>
    </aside>
  )
}

export function Brand({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean
  onNavigate?: () => void
}) {
  return (
    <Link
      to="/videos"
      onClick={onNavigate}
      className={`flex items-center gap-2 rounded-md px-3 py-1 text-base font-semibold tracking-tight whitespace-nowrap text-slate-900 ${collapsed ? 'justify-center' : ''} ${focusRing}`}
    >
      <BrandIcon aria-hidden="true" className="size-5 shrink-0 text-indigo-700" />
      <span className={collapsed ? 'sr-only' : ''}>Shoppable Studio</span>
    </Link>
  )
}
