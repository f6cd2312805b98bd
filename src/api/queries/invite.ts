import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import { inviteSchema } from './admin'
import { sessionKeys } from './session'

/**
 * An invitation by its token: who is invited, with what role, until when. The token goes in the
 * body, never in an address that proxies and servers log.
 */
export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'invite', token] as const,
    queryFn: ({ signal }) =>
      dashboardApi('/auth/invites/read', {
        method: 'POST',
        body: { token },
        signal,
        schema: inviteSchema,
      }),
    enabled: token !== '',
    retry: false,
    // Accepting uses the invitation up: it is read once, never again.
    staleTime: Number.POSITIVE_INFINITY,
  })
