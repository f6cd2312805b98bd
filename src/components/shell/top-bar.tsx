import { Menu } from 'lucide-react'
import { useCallback, useState } from 'react'
import { PaletteLauncher } from '../command-palette/palette-launcher'
import { focusRing } from '../ui/control-styles'
import { AccountMenu } from './account-menu'
import { ChannelSwitcher } from './channel-switcher'
import { LiveStatusIndicator } from './live-status'
import { NavDrawer } from './nav-drawer'
import { NoticesBell } from './notices-bell'
import { ShortcutsButton } from './shortcuts-button'
import { Brand } from './sidebar'

/** One row over the content: the palette, the channel, live status, shortcuts, notices and the account. */
export function TopBar() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const closeDrawer = useCallback(() => setDrawerOpen(false), [])
  return (
    <header className="sticky top-0 z-30 h-(--app-top-bar-height) border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-3 px-3 md:px-4">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className={`rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
        >
          <Menu aria-hidden="true" className="size-5" />
          <span className="sr-only">Menu</span>
        </button>
        <div className="hidden min-w-0 sm:block md:hidden">
          <Brand />
        </div>
        <div className="flex min-w-0 flex-1 items-center">
          <PaletteLauncher />
        </div>
        <div className="hidden md:block">
          <ChannelSwitcher />
        </div>
        <LiveStatusIndicator />
        <div className="hidden md:block">
          <ShortcutsButton />
        </div>
        <NoticesBell />
        <AccountMenu />
      </div>
      {drawerOpen ? <NavDrawer onClose={closeDrawer} /> : null}
    </header>
  )
}
