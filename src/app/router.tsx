import type { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith, type RouterHistory } from '@tanstack/react-router'
import { ErrorPanel } from '@/components/error-panel'
import { NotFound } from '@/components/not-found'
import { PageSkeleton } from '@/components/ui/skeleton'
import { readSearchValue } from '@/lib/search-params'
import { routeTree } from '@/routeTree.gen'

export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    // A server render's router reads the request's URL and leaves scrolling to the browser: its
    // scroll-restoration script would be inline, which the CSP refuses and the client never renders.
    ...(server ? { history: server.history, isServer: true } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not hold its own stale copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !server,
    parseSearch: parseSearchWith(readSearchValue),
    defaultPendingComponent: PageSkeleton,
    defaultErrorComponent: ErrorPanel,
    defaultNotFoundComponent: NotFound,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
