import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { videoMatchesQuery } from '@/api/queries/matches'
import { videoQuery } from '@/api/queries/videos'
import type { ReviewQueueVideo } from '@/api/review'
import { afterNextPaint } from '@/lib/after-paint'
import { safeHttpUrl } from '@/lib/format'

/** How many videos ahead are read while the one in front of the reviewer is reviewed. */
export const videosAhead = 3

// The next videos' suggestions, records and posters are read before they are reached, so an
// advance shows the next one from what is already here. They are asked for once the video in
// front has been painted: sent with it, their requests held up its first frame (decision 0033).
export function usePrefetchUpcoming(upcoming: readonly ReviewQueueVideo[]) {
  const queryClient = useQueryClient()
  const ids = upcoming.map((video) => video.id).join(' ')
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the videos ahead change
  useEffect(
    () =>
      afterNextPaint(() => {
        for (const video of upcoming) {
          void queryClient.prefetchQuery(videoMatchesQuery(video.id))
          void queryClient.prefetchQuery(videoQuery(video.id))
          const poster = safeHttpUrl(video.thumbnail_url)
          if (poster) new Image().src = poster
        }
      }),
    [ids, queryClient],
  )
}
