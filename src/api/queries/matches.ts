import { queryOptions } from '@tanstack/react-query'
import { listProductMatches, listVideos } from '../generated/sdk.gen'
import { withFields } from '../video-fields'
import { readPages } from './cursor-pages'
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

export const reviewQueueFields = ['caption', 'thumbnail_url', 'product_ids'] as const
const queueLimit = 1000

// Every video of the channel with a pending suggestion (the assumed `has_pending_matches`
// filter), oldest first: the list comes newest first, so every page is read and reversed.
export const reviewQueueQuery = (channelId: string) =>
  queryOptions({
    queryKey: videoKeys.reviewQueue(channelId),
    queryFn: async ({ signal }) => {
      const first = listVideos({
        query: {
          channel_id: channelId,
          has_pending_matches: true,
          page_size: 100,
          fields: reviewQueueFields.join(','),
        },
        signal,
        throwOnError: true,
      })
      const pages = await readPages(
        first.then((response) => response.data),
        signal,
        {
          more: (read) => read.reduce((count, page) => count + page.videos.length, 0) < queueLimit,
        },
      )
      const videos = pages.flatMap((page) => page.videos)
      return videos.reverse().map((video) => withFields(video, reviewQueueFields))
    },
    staleTime: 30_000,
  })
