import { useSuspenseQuery } from '@tanstack/react-query'
import { CircleUser } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { meQuery } from '@/api/queries/session'
import { Button, buttonClasses } from '../ui/button'
import { useSignOut } from './use-sign-out'

// Fetched the first time the menu opens: nothing of it is needed to show a screen.
const ThemeChoice = lazy(() => import('./theme-choice'))
// Loaded when opened: its form and password rules (zod's full build) stay out of every first screen.
const ChangePasswordDialog = lazy(() =>
  import('../change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
)

const roleNames = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' } as const

/**
 * Who is signed in, with what role, the theme, changing one's password, and signing out here or
 * on every device. A native popover (light dismiss, Escape, focus back to its button) keeps a
 * menu library off the first screen.
 */
export function AccountMenu() {
  const { data: me } = useSuspenseQuery(meQuery())
  const signOut = useSignOut()
  const panelId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const [opened, setOpened] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        className={`${buttonClasses('secondary', 'sm')} max-w-72 shrink-0`}
      >
        <CircleUser aria-hidden="true" className="size-4 shrink-0 sm:hidden" />
        <span className="sr-only sm:not-sr-only sm:truncate">
          {me.email} ({roleNames[me.role]})
        </span>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        onToggle={(event) => {
          if (event.newState === 'open') setOpened(true)
        }}
        className="fixed inset-auto top-14 right-4 m-0 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg"
      >
        <p className="text-slate-700">
          Signed in as <strong className="break-all text-slate-900">{me.email}</strong>, with the
          role {roleNames[me.role].toLowerCase()}.
        </p>
        {opened ? (
          <Suspense fallback={<p className="text-slate-700">Theme…</p>}>
            <ThemeChoice />
          </Suspense>
        ) : null}
        <div className="space-y-2">
          <Button
            className="w-full"
            onClick={() => {
              panel.current?.hidePopover()
              setChangingPassword(true)
            }}
          >
            Change password
          </Button>
          <Button className="w-full" onClick={() => void signOut('here')}>
            Sign out
          </Button>
          <Button className="w-full" onClick={() => void signOut('everywhere')}>
            Sign out on every device
          </Button>
        </div>
      </div>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog email={me.email} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
