import { queryOptions } from '@tanstack/react-query'
import { dashboardApi } from '../dashboard-api'
import { listProductMatches } from '../generated/sdk.gen'
import { videoKeys } from './videos'

/** The suggestions of a video's most recent matching job, and that job's status. */
export const videoMatchesQuery = (videoId: string) =>
  queryOptions({
    queryKey: videoKeys.matches(videoId),
    queryFn: ({ signal }) =>
      listProductMatches({ path: { video_id: videoId }, signal, throwOnError: true }).then(
        (response) => response.data,
      ),
    staleTime: 30_000,
  })

// Every video of the channel with suggestions waiting, oldest first, as the dashboard server
// knows them (issue 21): the documents have no filter for them, so the server keeps what it
// learns of matching jobs, and asks the service's `has_pending_matches` only where a probe shows
// it is honoured. The answer's schema loads with it, outside the first screen's code.
export const reviewQueueQuery = (channelId: string) =>
  queryOptions({
    queryKey: videoKeys.reviewQueue(channelId),
    queryFn: async ({ signal }) => {
      const { reviewQueueSchema } = await import('../merch-index')
      const query = new URLSearchParams({ channel_id: channelId })
      const queue = await dashboardApi(`/api/dashboard/index/review-queue?${query}`, {
        signal,
        schema: reviewQueueSchema,
      })
      return queue.videos
    },
    staleTime: 30_000,
  })
