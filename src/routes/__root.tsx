import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, redirect, retainSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { ServiceError } from '@/api/client'
import { loadShellLists, loadSignedInBasics } from '@/api/queries/session'
import { publicPaths, RootLayout } from '@/components/shell/root-layout'
import { boundedText, optionalParam } from '@/lib/search-params'

const rootSearch = v.object({ channel: optionalParam(boundedText(64)) })

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: rootSearch,
  // The channel follows the marketer from screen to screen.
  search: { middlewares: [retainSearchParams(['channel'])] },
  // Who is signed in and the channels are asked for together, beside the screen's own data and the
  // shell's lists (one round trip, not two); a 401 from either sends the visitor to sign in and back.
  loader: async ({ context, location }) => {
    if (publicPaths.has(location.pathname)) return
    try {
      await Promise.all([
        loadSignedInBasics(context.queryClient),
        loadShellLists(context.queryClient),
      ])
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) {
        throw redirect({ to: '/sign-in', search: { redirect: location.href } })
      }
      throw error
    }
  },
  component: RootLayout,
})
