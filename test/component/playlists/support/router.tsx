import { createRoute } from '@tanstack/react-router'
import { playlistListSearchSchema } from '@/features/playlists/list/playlist-list-search'
import { PlaylistsScreen } from '@/features/playlists/list/playlists-screen'
import { renderRoutes } from '../../support/memory-router'

// The playlists list alone on a memory history, in one channel.
export function renderPlaylistsScreen(url = '/playlists/') {
  return renderRoutes(url, (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/playlists/',
      validateSearch: playlistListSearchSchema,
      loader: () => ({ channelId: 'ch_1' }),
      component: PlaylistsScreen,
    }),
  ])
}
