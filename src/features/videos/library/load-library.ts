import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import { indexedVideosQuery } from '@/api/queries/indexed-videos'
import { videoListQuery } from '@/api/queries/videos'
import { readCookie, rememberInCookie } from '@/lib/cookies'
import { safeHttpUrl } from '@/lib/format'
import { preloadImages } from '@/lib/preload-images'
import { toFilters } from '@/lib/video-search'
import { indexFilterOf, type LibrarySearch } from './library-search'
import { leadingThumbnails } from './video-grid'

// The channel a library without one in its URL showed last, remembered for the server's render.
const lastChannelCookie = 'library-channel'

// The first page of the channel in the URL, or of the business's first channel. In the browser the
// channels are usually in hand already (a signed-in page preloads them, decision 0017), so nothing
// is guessed: a guess at a channel that has gone would be a failed request in the console. The
// server's render has neither, and would ask for the channels and then the page one after the
// other: it asks for the page of the channel shown last at once, beside the channels, and drops
// it if the channels say otherwise.
export async function loadLibrary(
  queryClient: QueryClient,
  search: LibrarySearch & { channel?: string },
  waitForList: boolean,
) {
  const filters = toFilters(search)
  const onServer = typeof window === 'undefined'
  const guess =
    onServer && waitForList && !search.channel && !indexFilterOf(search)
      ? readCookie(lastChannelCookie)
      : null
  if (guess) void queryClient.prefetchInfiniteQuery(videoListQuery(guess, filters))
  const channelId = await resolveChannelId(queryClient, search.channel)
  if (guess && guess !== channelId) {
    const { queryKey } = videoListQuery(guess, filters)
    void queryClient.cancelQueries({ queryKey, exact: true })
    queryClient.removeQueries({ queryKey, exact: true })
  }
  if (!onServer && channelId && !search.channel) rememberInCookie(lastChannelCookie, channelId)
  const indexFilter = indexFilterOf(search)
  if (indexFilter) {
    // The index answers the dashboard's own API, which the server's render does not call.
    if (channelId && waitForList && !onServer)
      await queryClient.ensureInfiniteQueryData(indexedVideosQuery(channelId, indexFilter))
    return { channelId }
  }
  if (channelId && waitForList) {
    const list = await queryClient.ensureInfiniteQueryData(videoListQuery(channelId, filters))
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
