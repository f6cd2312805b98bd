import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import type { QueueOrder } from '@/api/review'

/** What the review screen reads before it is shown (the route's loader). */
export async function loadReview(
  queryClient: QueryClient,
  deps: { channel: string | undefined; order: QueueOrder | null; below: boolean },
) {
  // The review's queries load beside the channel, not with every first screen.
  const [channel, { reviewQueueAnswerQuery, keyMapQuery }] = await Promise.all([
    resolveChannelId(queryClient, deps.channel),
    import('@/api/queries/review'),
  ])
  const channelId = channel ?? ''
  // The person's keys before the first key press; the defaults serve if they cannot be read.
  await Promise.all([
    queryClient.ensureQueryData(reviewQueueAnswerQuery(channelId, deps.order, deps.below)),
    queryClient.prefetchQuery(keyMapQuery()),
  ])
  return { channelId }
}
