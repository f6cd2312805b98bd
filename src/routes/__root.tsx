import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { channelsQuery } from '../api/queries/channels'
import { AppShell } from '../components/app-shell'

const rootSearch = z.object({
  channel: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
})

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: rootSearch,
  // The channel follows the marketer from screen to screen.
  search: { middlewares: [retainSearchParams(['channel'])] },
  loader: ({ context }) => context.queryClient.ensureQueryData(channelsQuery()),
  component: AppShell,
})
