import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toServiceError } from '../api/client'
import { dashboardApi } from '../api/dashboard-api'
import { meQuery } from '../api/queries/session'
import { stopLiveEvents } from '../lib/live-events'
import { Menu } from './ui/menu'
import { useToast } from './ui/toast'

const roleNames = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' } as const

/** Who is signed in, with what role, and signing out here or on every device. */
export function AccountMenu() {
  const { data: me } = useSuspenseQuery(meQuery())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const signOut = async (path: '/auth/sign-out' | '/auth/sign-out-everywhere') => {
    try {
      stopLiveEvents()
      await dashboardApi(path, { method: 'POST' })
      queryClient.clear()
      await navigate({ to: '/sign-in', search: {} })
    } catch (error) {
      toast(`Not signed out: ${toServiceError(error).message}`, { tone: 'error' })
    }
  }
  return (
    <Menu
      // The name begins with exactly what the button shows (WCAG 2.5.3), then says what it is.
      label={`${me.email} (${roleNames[me.role]}), account`}
      trigger={
        <span className="max-w-64 truncate">
          {me.email} ({roleNames[me.role]})
        </span>
      }
      items={[
        { label: 'Sign out', onSelect: () => void signOut('/auth/sign-out') },
        {
          label: 'Sign out on every device',
          onSelect: () => void signOut('/auth/sign-out-everywhere'),
        },
      ]}
    />
  )
}
