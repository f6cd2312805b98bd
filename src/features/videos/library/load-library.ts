import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import { videoListQuery } from '@/api/queries/videos'
import { rememberChannel, rememberedChannel } from '@/lib/remembered-channel'
import { toFilters } from '@/lib/video-search'
import type { LibrarySearch } from './library-search'

// The first page of the channel in the URL (or the one last shown) is asked for beside the
// channels, so it needs one round trip, not two; the guess is kept only if the channel exists.
export async function loadLibrary(
  queryClient: QueryClient,
  search: LibrarySearch & { channel?: string },
  waitForList: boolean,
) {
  const filters = toFilters(search)
  const guess = search.channel ?? rememberedChannel()
  if (guess && waitForList) void queryClient.prefetchInfiniteQuery(videoListQuery(guess, filters))
  const channelId = await resolveChannelId(queryClient, search.channel ?? guess)
  if (channelId) rememberChannel(channelId)
  if (channelId && waitForList)
    await queryClient.ensureInfiniteQueryData(videoListQuery(channelId, filters))
  return { channelId }
}
