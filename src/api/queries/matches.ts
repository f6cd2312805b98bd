import { queryOptions } from '@tanstack/react-query'
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
