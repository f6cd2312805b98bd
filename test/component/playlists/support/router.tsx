import type { QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { playlistListSearchSchema } from '@/features/playlists/list/playlist-list-search'
import { PlaylistsScreen } from '@/features/playlists/list/playlists-screen'
import { createTestQueryClient, renderWithProviders } from '../../video-page/support/render'

// The playlists list alone on a memory history, in one channel.
export function renderPlaylistsScreen(url = '/playlists/') {
  const queryClient = createTestQueryClient()
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
  const list = createRoute({
    getParentRoute: () => root,
    path: '/playlists/',
    validateSearch: playlistListSearchSchema,
    loader: () => ({ channelId: 'ch_1' }),
    component: PlaylistsScreen,
  })
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
  })
  return { router, ...renderWithProviders(<RouterProvider router={router} />, queryClient) }
}
