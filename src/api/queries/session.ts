import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { dashboardApi, meSchema, providersSchema } from '../dashboard-api'
import { channelsQuery } from './channels'

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

/** What every signed-in screen needs before its own data: who is signed in, and the channels. */
export const loadSignedInBasics = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.ensureQueryData(meQuery()),
    queryClient.ensureQueryData(channelsQuery()),
  ])

/** The sign-in screen's other ways in (an OpenID provider), public and fixed at server start. */
export const providersQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'providers'] as const,
    queryFn: ({ signal }) => dashboardApi('/auth/providers', { signal, schema: providersSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  })
