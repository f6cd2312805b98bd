import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { stopLiveEvents } from '@/lib/live-events'
import { useToast } from '../ui/toast'

/** Signs out here (or on every device), forgets what was loaded and shows the sign-in screen. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  return async (where: 'here' | 'everywhere' = 'here') => {
    try {
      stopLiveEvents()
      await dashboardApi(where === 'here' ? '/auth/sign-out' : '/auth/sign-out-everywhere', {
        method: 'POST',
      })
      queryClient.clear()
      await navigate({ to: '/sign-in', search: {} })
    } catch (error) {
      toast(`Not signed out: ${toServiceError(error).message}`, { tone: 'danger' })
    }
  }
}
