import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import { videoListQuery } from '@/api/queries/videos'
import { safeHttpUrl } from '@/lib/format'
import { preloadImages } from '@/lib/preload-images'
import { toFilters } from '@/lib/video-search'
import type { LibrarySearch } from './library-search'
import { leadingThumbnails } from './video-grid'

// The first page of the channel in the URL, or of the business's first channel. The channels are
// usually in hand already (a signed-in page preloads them, decision 0017), so nothing is guessed:
// a guess at a channel that has gone would be a failed request in the console.
export async function loadLibrary(
  queryClient: QueryClient,
  search: LibrarySearch & { channel?: string },
  waitForList: boolean,
) {
  const channelId = await resolveChannelId(queryClient, search.channel)
  if (channelId && waitForList) {
    const list = await queryClient.ensureInfiniteQueryData(
      videoListQuery(channelId, toFilters(search)),
    )
    // The leading thumbnails load while the screen renders, not after (on a phone they are what
    // the first screen waits for longest).
    if (search.view !== 'table')
      preloadImages(
        (list.pages[0]?.videos ?? [])
          .slice(0, leadingThumbnails)
          .map((video) => safeHttpUrl(video.thumbnail_url)),
      )
  }
  return { channelId }
}
