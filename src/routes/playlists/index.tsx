import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import {
  playlistListSearchSchema,
  toPlaylistFilters,
} from '@/features/playlists/list/playlist-list-search'
import { PlaylistsScreen } from '@/features/playlists/list/playlists-screen'

export const Route = createFileRoute('/playlists/')({
  validateSearch: playlistListSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps, cause }) => {
    // The playlist queries load beside the channel, not with every first screen.
    const [channelId, { playlistListQuery }] = await Promise.all([
      resolveChannelId(context.queryClient, deps.search.channel),
      import('@/api/queries/playlists'),
    ])
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
