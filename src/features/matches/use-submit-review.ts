import { useMutation, useQueryClient } from '@tanstack/react-query'
import { acceptProductMatches } from '@/api/generated/sdk.gen'
import type { ProductMatchList } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'
import { recordSubmitted, saveDecisions } from './decision-storage'

interface Submission {
  videoId: string
  caption: string
  productIds: string[]
  rejected: number
}

// One video's decisions as the service's accept (a replacement). On success the video's matches
// are the answer, the video leaves every review queue, and its tags (which the accepted products
// join) are read again; the decisions kept locally are dropped only then.
export function useSubmitReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ videoId, productIds }: Submission) =>
      acceptProductMatches({
        path: { video_id: videoId },
        body: { product_ids: productIds },
        throwOnError: true,
      }).then((response) => response.data),
    onSuccess: (list: ProductMatchList, submission) => {
      const { videoId } = submission
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
