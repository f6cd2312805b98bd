import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { meQuery } from '@/api/queries/session'
import { stopLiveEvents } from '@/lib/live-events'
import { ChangePasswordDialog } from './change-password-dialog'
import { Button, buttonClasses } from './ui/button'
import { useToast } from './ui/toast'

const roleNames = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' } as const

/**
 * Who is signed in, with what role, changing one's password, and signing out here or on every
 * device. A native popover
 * (light dismiss, Escape, focus back to its button) keeps a menu library off the first screen.
 */
export function AccountMenu() {
  const { data: me } = useSuspenseQuery(meQuery())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const panelId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const [changingPassword, setChangingPassword] = useState(false)
  const signOut = async (path: '/auth/sign-out' | '/auth/sign-out-everywhere') => {
    try {
      stopLiveEvents()
      await dashboardApi(path, { method: 'POST' })
      queryClient.clear()
      await navigate({ to: '/sign-in', search: {} })
    } catch (error) {
      toast(`Not signed out: ${toServiceError(error).message}`, { tone: 'danger' })
    }
  }
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        className={`${buttonClasses('secondary', 'sm')} max-w-72`}
      >
        <span className="truncate">
          {me.email} ({roleNames[me.role]})
        </span>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        className="fixed inset-auto top-14 right-4 m-0 w-72 space-y-2 rounded-md border border-slate-300 bg-white p-3 text-sm shadow-lg"
      >
        <p className="text-slate-700">
          Signed in as <strong className="break-all text-slate-900">{me.email}</strong>, with the
          role {roleNames[me.role].toLowerCase()}.
        </p>
        <Button
          className="w-full"
          onClick={() => {
            panel.current?.hidePopover()
            setChangingPassword(true)
          }}
        >
          Change password
        </Button>
        <Button className="w-full" onClick={() => void signOut('/auth/sign-out')}>
          Sign out
        </Button>
        <Button className="w-full" onClick={() => void signOut('/auth/sign-out-everywhere')}>
          Sign out on every device
        </Button>
      </div>
      {changingPassword ? (
        <ChangePasswordDialog email={me.email} onClose={() => setChangingPassword(false)} />
      ) : null}
    </>
  )
}
