import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import { inviteSchema } from './admin'
import { sessionKeys } from './session'

/** An invitation by its token: who is invited, with what role, until when. */
export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'invite', token] as const,
    queryFn: ({ signal }) =>
      dashboardApi(`/auth/invites/${encodeURIComponent(token)}`, { signal, schema: inviteSchema }),
    enabled: token !== '',
    retry: false,
    // Accepting uses the invitation up: it is read once, never again.
    staleTime: Number.POSITIVE_INFINITY,
  })
