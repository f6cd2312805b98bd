import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { dashboardApi, meSchema, providersSchema } from '../dashboard-api'
import { channelsQuery } from './channels'
import { noticesQuery } from './notices'
import { savedViewsQuery } from './saved-views'

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

/**
 * The shell's own lists (saved views, notices), asked for beside the basics: a server render then
 * has them in the page, so the sidebar and the bell show them at once instead of asking after
 * hydration. Data already cached is used as it is, so a later navigation never waits on them; a
 * failure is left to the sidebar and the bell, which ask again.
 */
export const loadShellLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.ensureQueryData(savedViewsQuery()).catch(() => undefined),
    queryClient.ensureQueryData(noticesQuery()).catch(() => undefined),
  ])

/** The sign-in screen's other ways in (an OpenID provider), public and fixed at server start. */
export const providersQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'providers'] as const,
    queryFn: ({ signal }) => dashboardApi('/auth/providers', { signal, schema: providersSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  })
