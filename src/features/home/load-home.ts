import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import { indexStatusQuery, indexSummaryQuery } from '@/api/queries/merch-index'
import { reviewQueueAnswerQuery } from '@/api/queries/review'
import { type VideoFilters, videoListQuery } from '@/api/queries/videos'

/** The service's own list of videos it is still processing, as the library asks for it. */
export const processingFilters: VideoFilters = { status: 'pending' }

/**
 * The home page's data: the index's summary of the channel is the page, waited for; the figures
 * the service answers (processing, matches waiting) are asked for beside it and fill in as they
 * come. A server without the index is asked nothing it would refuse.
 */
export async function loadHome(queryClient: QueryClient, channel: string | undefined) {
  const [channelId, status] = await Promise.all([
    resolveChannelId(queryClient, channel),
    queryClient.ensureQueryData(indexStatusQuery()),
  ])
  if (!channelId) return { channelId }
  void queryClient.prefetchInfiniteQuery(videoListQuery(channelId, processingFilters))
  void queryClient.prefetchQuery(reviewQueueAnswerQuery(channelId, null))
  if (status.state !== 'off') await queryClient.ensureQueryData(indexSummaryQuery(channelId))
  return { channelId }
}
