import { toServiceError } from '@/api/client'
import { addPlaylistVideo } from '@/api/generated/sdk.gen'
import type { Playlist } from '@/api/generated/types.gen'
import type { LibraryVideo } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'
import type { BulkFailure } from './use-bulk-actions'

/**
 * Adds the videos one request at a time, in the library's order, at the top (positions 0, 1, 2…,
 * so they keep their order) or the bottom. One refusal is reported and the rest go on.
 */
export async function addToPlaylist(
  playlistId: string,
  videos: readonly LibraryVideo[],
  at: 'top' | 'bottom',
): Promise<{ stored: Playlist | null; succeeded: number; failures: BulkFailure[] }> {
  let stored: Playlist | null = null
  let succeeded = 0
  const failures: BulkFailure[] = []
  for (const video of videos) {
    try {
      const response = await addPlaylistVideo({
        path: { playlist_id: playlistId },
        body: { video_id: video.id, ...(at === 'top' ? { position: succeeded } : {}) },
        throwOnError: true,
      })
      stored = response.data
      succeeded++
    } catch (error) {
      failures.push({
        id: video.id,
        caption: videoTitle(video),
        reason: toServiceError(error).message,
      })
    }
  }
  return { stored, succeeded, failures }
}
