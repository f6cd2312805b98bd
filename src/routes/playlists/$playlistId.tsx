import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { PlaylistPage } from '@/features/playlists/editor/playlist-page'
import { playlistPageSearchSchema } from '@/features/playlists/editor/playlist-page-search'

export const Route = createFileRoute('/playlists/$playlistId')({
  validateSearch: playlistPageSearchSchema,
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: async ({ context, params, deps }) => {
    const [channelId] = await Promise.all([
      resolveChannelId(context.queryClient, deps.channel),
      // The playlist queries load beside the channel, not with every first screen.
      import('@/api/queries/playlists').then(({ ensurePlaylistEditor }) =>
        ensurePlaylistEditor(context.queryClient, params.playlistId),
      ),
    ])
    return { channelId: channelId ?? '' }
  },
  component: PlaylistPage,
})
