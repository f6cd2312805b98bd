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
  loader: async ({ context, deps }) => {
    const channelId = await resolveChannelId(context.queryClient, deps.search.channel)
    if (channelId)
      await context.queryClient.ensureInfiniteQueryData(
        playlistListQuery(channelId, toPlaylistFilters(deps.search)),
      )
    return { channelId }
  },
  component: PlaylistsScreen,
})
