import { Outlet, useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { startLiveEvents } from '@/lib/live-events'
import { SignInAgain } from '../sign-in-again'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'

/** Pages anyone may open: everything else needs a signed-in account. */
export const publicPaths: ReadonlySet<string> = new Set(['/sign-in', '/invite', '/reset-password'])

export function RootLayout() {
  // The page shown, not the one being loaded: the shell appears with its screen, once that
  // screen's loaders (and the sign-in they may need) are through.
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname ?? '' })
  return publicPaths.has(pathname) ? <Outlet /> : <AppShell />
}

function AppShell() {
  useEffect(() => startLiveEvents(), [])
  return (
    // The top bar's height, for whatever else sticks to the top of the page below it.
    <div className="flex min-h-screen [--app-top-bar-height:3.5rem]">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          <Outlet />
        </main>
      </div>
      <SignInAgain />
    </div>
  )
}
