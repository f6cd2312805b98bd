import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createPlaylist, deletePlaylist, updatePlaylist } from '@/api/generated/sdk.gen'
import type { Playlist, PlaylistCreate, PlaylistUpdate } from '@/api/generated/types.gen'
import { playlistKeys } from '@/api/queries/playlists'

// Each write refreshes the channel's lists (order, counts, search) and puts the service's answer
// in the playlist's own entry, so its page opens on what was just saved.
export function usePlaylistMutations() {
  const queryClient = useQueryClient()
  const settle = (playlist: Playlist | null, id: string) => {
    if (playlist) queryClient.setQueryData(playlistKeys.detail(id), playlist)
    else queryClient.removeQueries({ queryKey: playlistKeys.detail(id) })
    return queryClient.invalidateQueries({ queryKey: playlistKeys.lists() })
  }
  const create = useMutation({
    mutationFn: (body: PlaylistCreate) =>
      createPlaylist({ body, throwOnError: true }).then((response) => response.data),
    onSuccess: (playlist) => settle(playlist, playlist.id),
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlaylistUpdate }) =>
      updatePlaylist({ path: { playlist_id: id }, body, throwOnError: true }).then(
        (response) => response.data,
      ),
    onSuccess: (playlist) => settle(playlist, playlist.id),
  })
  const remove = useMutation({
    mutationFn: (id: string) => deletePlaylist({ path: { playlist_id: id }, throwOnError: true }),
    onSuccess: (_, id) => settle(null, id),
  })
  return { create, update, remove }
}
