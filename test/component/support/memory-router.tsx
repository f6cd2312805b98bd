import type { QueryClient } from '@tanstack/react-query'
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
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

/** The router's address, for a test to read as the status "Location". */
function ShownLocation() {
  return <output aria-label="Location">{useLocation().href}</output>
}

/**
 * `content` above the address it is at (`ShownLocation`), on each of `paths`, the first one
 * open: for the shell's parts, whose links lead from one screen to another.
 */
export function renderOnPaths(
  paths: readonly [string, ...string[]],
  content: ReactNode,
  queryClient = createTestQueryClient(),
) {
  const page = () => (
    <>
      {content}
      <ShownLocation />
    </>
  )
  return renderRoutes(
    paths[0],
    (root) =>
      paths.map((path) => createRoute({ getParentRoute: () => root, path, component: page })),
    queryClient,
  )
}
