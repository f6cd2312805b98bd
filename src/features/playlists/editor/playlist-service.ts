import {
  addPlaylistVideo,
  getPlaylist,
  pinPlaylistVideo,
  removePlaylistVideo,
  reorderPlaylistVideos,
  unpinPlaylistVideo,
} from '@/api/generated/sdk.gen'
import type { Playlist } from '@/api/generated/types.gen'
import type { PlaylistService } from './playlist-writer'

// The writer's service calls for one playlist. Writes that answer 204 are followed by a read, so
// the writer always knows the stored order and when it last changed.
export function playlistService(playlistId: string): PlaylistService & {
  read: () => Promise<Playlist>
} {
  const path = { playlist_id: playlistId }
  const read = () => getPlaylist({ path, throwOnError: true }).then((response) => response.data)
  return {
    read,
    reorder: (order) =>
      reorderPlaylistVideos({ path, body: { video_ids: [...order] }, throwOnError: true }).then(
        (response) => response.data,
      ),
    add: (videoId, position) =>
      addPlaylistVideo({
        path,
        body: { video_id: videoId, ...(position === null ? {} : { position }) },
        throwOnError: true,
      }).then((response) => response.data),
    remove: async (videoId) => {
      await removePlaylistVideo({ path: { ...path, video_id: videoId }, throwOnError: true })
      return read()
    },
    pin: async (videoId, pinned) => {
      const call = pinned ? pinPlaylistVideo : unpinPlaylistVideo
      await call({ path: { ...path, video_id: videoId }, throwOnError: true })
      return read()
    },
  }
}
