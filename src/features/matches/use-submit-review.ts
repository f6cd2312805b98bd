import { useMutation, useQueryClient } from '@tanstack/react-query'
import { acceptProductMatches } from '@/api/generated/sdk.gen'
import type { ProductMatchList } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'
import { recordSubmitted, saveDecisions } from './decision-storage'

interface Submission {
  caption: string
  productIds: string[]
  rejected: number
}

// One video's decisions as the service's accept (a replacement). On success the video's matches
// are the answer, the video leaves every review queue, and its tags (which the accepted products
// join) are marked to be read again when next shown: the reviewer moves on to the next video,
// and reading the one left now would only hold up the next one's requests. The decisions kept
// locally are dropped only then.
export function useSubmitReview(videoId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: videoKeys.change(videoId),
    mutationFn: ({ productIds }: Submission) =>
      acceptProductMatches({
        path: { video_id: videoId },
        body: { product_ids: productIds },
        throwOnError: true,
      }).then((response) => response.data),
    onSuccess: (list: ProductMatchList, submission) => {
      queryClient.setQueryData(videoKeys.matches(videoId), list)
      for (const [key, queue] of queryClient.getQueriesData<Array<{ id: string }>>({
        queryKey: videoKeys.reviewQueues(),
      })) {
        if (queue)
          queryClient.setQueryData(
            key,
            queue.filter((video) => video.id !== videoId),
          )
      }
      saveDecisions(videoId, {})
      recordSubmitted({
        videoId,
        caption: submission.caption,
        accepted: submission.productIds.length,
        rejected: submission.rejected,
        at: Date.now(),
      })
      void queryClient.invalidateQueries({
        queryKey: videoKeys.detail(videoId),
        predicate: (query) => query.queryKey.at(-1) !== 'matches',
        refetchType: 'none',
      })
      // Library views show the tags: stale, read again when next shown.
      void queryClient.invalidateQueries({
        queryKey: videoKeys.lists(),
        refetchType: 'none',
        predicate: (query) => !query.queryKey.includes('review-queue'),
      })
    },
  })
}
