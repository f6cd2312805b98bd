import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { playlistListQuery } from '@/api/queries/playlists'
import {
  playlistListSearchSchema,
  toPlaylistFilters,
} from '@/features/playlists/list/playlist-list-search'
import { PlaylistsScreen } from '@/features/playlists/list/playlists-screen'

export const Route = createFileRoute('/playlists/')({
  validateSearch: playlistListSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps, cause }) => {
    const channelId = await resolveChannelId(context.queryClient, deps.search.channel)
    // Searching on the screen: it keeps its playlists until the new ones arrive, so nothing waits
    // here (each keystroke would hold the screen back by a request).
    if (channelId && cause !== 'stay')
      await context.queryClient.ensureInfiniteQueryData(
        playlistListQuery(channelId, toPlaylistFilters(deps.search)),
      )
    return { channelId }
  },
  component: PlaylistsScreen,
})
