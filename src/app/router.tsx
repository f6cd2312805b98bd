import type { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith } from '@tanstack/react-router'
import { ErrorPanel } from '@/components/error-panel'
import { NotFound } from '@/components/not-found'
import { PageSkeleton } from '@/components/ui/skeleton'
import { readSearchValue } from '@/lib/search-params'
import { routeTree } from '@/routeTree.gen'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not hold its own stale copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
