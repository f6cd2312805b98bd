import { queryOptions } from '@tanstack/react-query'
import { dashboardApi, meSchema, providersSchema } from '../dashboard-api'

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

/** The sign-in screen's other ways in (an OpenID provider), public and fixed at server start. */
export const providersQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'providers'] as const,
    queryFn: ({ signal }) => dashboardApi('/auth/providers', { signal, schema: providersSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  })
