import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, Outlet, useMatches, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { channelsQuery } from '@/api/queries/channels'
import { meQuery } from '@/api/queries/session'
import { startLiveEvents } from '@/lib/live-events'
import { AccountMenu } from './account-menu'
import { LiveStatusIndicator } from './live-status'
import { SignInAgain } from './sign-in-again'
import { Button } from './ui/button'
import { Kbd } from './ui/kbd'
import { Select } from './ui/select'
import { useShortcutsHelp } from './ui/shortcuts'

const areas = [
  { to: '/videos', label: 'Video library' },
  { to: '/uploads', label: 'Uploads' },
  { to: '/playlists', label: 'Playlists' },
  { to: '/stores', label: 'Stores' },
  { to: '/matches', label: 'AI matches' },
] as const

const adminAreas = [
  { to: '/admin/accounts', label: 'Accounts' },
  { to: '/admin/audit', label: 'Audit log' },
] as const

/** Pages anyone may open: everything else needs a signed-in account. */
export const publicPaths: ReadonlySet<string> = new Set(['/sign-in', '/invite', '/reset-password'])

export function RootLayout() {
  // The page shown, not the one being loaded: the shell appears with its screen, once that
  // screen's loaders (and the sign-in they may need) are through.
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname ?? '' })
  return publicPaths.has(pathname) ? <Outlet /> : <AppShell />
}

function AppShell() {
  const { data: me } = useSuspenseQuery(meQuery())
  useEffect(() => startLiveEvents(), [])
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/videos" className="text-base font-semibold tracking-tight text-slate-900">
            Shoppable Studio
          </Link>
          <nav aria-label="Main" className="flex flex-1 flex-wrap gap-1">
            {[...areas, ...(me.role === 'admin' ? adminAreas : [])].map((area) => (
              <Link
                key={area.to}
                to={area.to}
                className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                activeProps={{
                  className: 'bg-slate-900 text-white hover:bg-slate-800 hover:text-white',
                  'aria-current': 'page',
                }}
              >
                {area.label}
              </Link>
            ))}
          </nav>
          <ChannelSwitcher />
          <LiveStatusIndicator />
          <ShortcutsButton />
          <AccountMenu />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <SignInAgain />
    </div>
  )
}

function ChannelSwitcher() {
  const { data: channels } = useSuspenseQuery(channelsQuery())
  const search = useSearch({ strict: false }) as { channel?: string }
  const navigate = useNavigate()
  const current = channels.find((c) => c.id === search.channel)?.id ?? channels[0]?.id ?? ''
  if (channels.length < 2) return null
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Channel
      <Select
        controlSize="sm"
        className=""
        value={current}
        onChange={(event) =>
          navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({ ...prev, channel: event.target.value }),
          })
        }
      >
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name ?? `@${channel.username}`}
          </option>
        ))}
      </Select>
    </label>
  )
}

function ShortcutsButton() {
  const openHelp = useShortcutsHelp()
  if (!openHelp) return null
  return (
    <Button variant="quiet" size="sm" onClick={openHelp} aria-keyshortcuts="?">
      Keyboard shortcuts
      <span aria-hidden="true">
        <Kbd>?</Kbd>
      </span>
    </Button>
  )
}
