import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import { videoListQuery } from '@/api/queries/videos'
import { rememberDefaultChannel, rememberedDefaultChannel } from '@/lib/remembered-channel'
import { toFilters } from '@/lib/video-search'
import type { LibrarySearch } from './library-search'

// The first page of the channel in the URL (or, without one, of the default channel last seen) is
// asked for beside the channels, so it needs one round trip, not two; the guess is used only if it
// is the channel the channels resolve to (the default one may have gone, or be another business's).
export async function loadLibrary(
  queryClient: QueryClient,
  search: LibrarySearch & { channel?: string },
  waitForList: boolean,
) {
  const filters = toFilters(search)
  const guess = search.channel ?? rememberedDefaultChannel()
  if (guess && waitForList) void queryClient.prefetchInfiniteQuery(videoListQuery(guess, filters))
  const channelId = await resolveChannelId(queryClient, search.channel)
  if (channelId && !search.channel) rememberDefaultChannel(channelId)
  if (channelId && waitForList)
    await queryClient.ensureInfiniteQueryData(videoListQuery(channelId, filters))
  return { channelId }
}
