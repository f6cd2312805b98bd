import type { QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { videoQuery } from '@/api/queries/videos'
import { VideoPage } from '@/features/videos/video-page/video-page'
import { createTestQueryClient, renderWithProviders } from './render'

// Just the two routes the page moves between, on a memory history.
export function renderVideoPage(url: string) {
  const queryClient = createTestQueryClient()
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
  const library = createRoute({
    getParentRoute: () => root,
    path: '/videos',
    component: () => <h1>Video library</h1>,
  })
  const page = createRoute({
    getParentRoute: () => root,
    path: '/videos/$videoId',
    loader: ({ context, params }) =>
      context.queryClient.ensureQueryData(videoQuery(params.videoId)),
    component: VideoPage,
  })
  const router = createRouter({
    routeTree: root.addChildren([library, page]),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
  })
  return { router, ...renderWithProviders(<RouterProvider router={router} />, queryClient) }
}
