import { queryOptions } from '@tanstack/react-query'
import { dashboardApi, inviteSchema, meSchema } from '../dashboard-api'

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
}

/** Who is signed in; a 401 means nobody (the root route sends them to sign in). */
export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => dashboardApi('/auth/me', { signal, schema: meSchema }),
    staleTime: 5 * 60_000,
    retry: false,
  })

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
