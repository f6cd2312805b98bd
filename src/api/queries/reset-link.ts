import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { dashboardApi } from '../dashboard-api'
import { sessionKeys } from './session'

export const resetLinkSchema = z.object({ email: z.string(), expiresAt: z.string() })
export const createdResetLinkSchema = z.extend(resetLinkSchema, { link: z.string() })

/** Whose password a reset link sets; the token goes in the body, never in a logged address. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'reset-link', token] as const,
    queryFn: ({ signal }) =>
      dashboardApi('/auth/reset-links/read', {
        method: 'POST',
        body: { token },
        signal,
        schema: resetLinkSchema,
      }),
    enabled: token !== '',
    retry: false,
    // Using the link spends it: it is read once, never again.
    staleTime: Number.POSITIVE_INFINITY,
  })
