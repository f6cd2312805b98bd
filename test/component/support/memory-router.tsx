import type { QueryClient } from '@tanstack/react-query'
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { createTestQueryClient, renderWithProviders } from './render'

const makeRoot = () =>
  createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
export type TestRoot = ReturnType<typeof makeRoot>

/** The routes a test needs under a bare root, on a memory history starting at `url`. */
export function renderRoutes(
  url: string,
  routesUnder: (root: TestRoot) => AnyRoute[],
  queryClient = createTestQueryClient(),
) {
  const root = makeRoot()
  const router = createRouter({
    routeTree: root.addChildren(routesUnder(root)),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
  })
  return { router, ...renderWithProviders(<RouterProvider router={router} />, queryClient) }
}
